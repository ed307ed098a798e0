import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { batchEvents, parseBatchId } from "~/imports/pages.server";

/** The progress bar's server-sent events. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return batchEvents(request, parseBatchId(params.id));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response("This address cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}
