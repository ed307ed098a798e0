import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getCurrentUser } from "~/auth/guard.server";
import { limitRequest } from "~/auth/rate-limits.server";
import { refusePost, sourceExport } from "~/catalog.server";

/** GET {collection}/export.csv?{criteria}: the whole result set as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  await limitRequest("exports", context.clientIp);
  return sourceExport(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  return refusePost(request, "export");
}
