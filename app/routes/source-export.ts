import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getCurrentUser } from "~/auth/guard.server";
import { refusePost, sourceExport } from "~/catalog.server";

/** GET {collection}/export.csv?{criteria}: the whole result set as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  return sourceExport(request, await getCurrentUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return refusePost(request, "export");
}
