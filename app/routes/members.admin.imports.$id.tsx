import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { batchAction, loadBatchPage, parseBatchId } from "~/imports/pages.server";
import { BatchPage } from "~/imports/ui/batch-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadBatchPage(parseBatchId(params.id));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return batchAction(request, parseBatchId(params.id), user, context.clientIp);
}

export default function AdminImport() {
  return <BatchPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Administration: import #${data.batch.id} — Metryka` : "Administration: import — Metryka" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
