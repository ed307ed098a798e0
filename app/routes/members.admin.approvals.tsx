import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { approvalsAction, loadApprovalsPage } from "~/admin/approvals.server";
import { ApprovalsPage } from "~/admin/ui/approvals-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadApprovalsPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  return approvalsAction(request, context.clientIp);
}

export default function AdminApprovals() {
  return <ApprovalsPage />;
}

export const handle = i18nHandle("admin", "trees");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
