import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { parseBatchId, problemsCsv } from "~/imports/pages.server";

/** Every problem the check of a batch found, as CSV. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return problemsCsv(request, parseBatchId(params.id));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response("This address cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}
