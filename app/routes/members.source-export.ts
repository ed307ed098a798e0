import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { refusePost, sourceExport } from "~/catalog.server";

/** GET {collection}/export.csv?{criteria}: the whole result set as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  return sourceExport(request, await requireActiveMember(request));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return refusePost(request, "export");
}
