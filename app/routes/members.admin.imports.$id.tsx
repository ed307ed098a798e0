import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { batchAction, loadBatchPage, parseBatchId } from "~/imports/pages.server";
import { BatchPage } from "~/imports/ui/batch-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadBatchPage(request, parseBatchId(params.id));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return batchAction(request, parseBatchId(params.id), user, context.clientIp);
}

export default function AdminImport() {
  return <BatchPage />;
}

export const handle = i18nHandle("admin", "imports");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
