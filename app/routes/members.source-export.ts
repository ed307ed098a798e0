import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { limitRequest } from "~/auth/rate-limits.server";
import { refusePost, sourceExport } from "~/catalog.server";

/** GET {collection}/export.csv?{criteria}: the whole result set as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireActiveMember(request);
  await limitRequest("exports", context.clientIp);
  return sourceExport(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return refusePost(request, "export");
}
