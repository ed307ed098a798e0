import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { limitRequest } from "~/auth/rate-limits.server";
import { exportCollection } from "~/imports/pages.server";

/** A whole record collection as CSV in the import format. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  await limitRequest("exports", context.clientIp);
  return exportCollection(params.collection, user, context.clientIp);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response("This address cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}
