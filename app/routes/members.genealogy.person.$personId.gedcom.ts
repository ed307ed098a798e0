import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { limitRequest } from "~/auth/rate-limits.server";
import { loadPersonGedcom } from "~/families/trees-pages.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireActiveMember(request);
  await limitRequest("exports", context.clientIp);
  return loadPersonGedcom(request, user, params.personId);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  throw new Response("This address is a download: use GET.", {
    status: 405,
    statusText: "Method Not Allowed",
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
