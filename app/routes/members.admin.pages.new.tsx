import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { editorAction, loadNewPage } from "~/admin/pages.server";
import { PageEditorPage } from "~/admin/ui/pages-editor";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadNewPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  return editorAction(request, undefined, context.clientIp);
}

export default function AdminNewPage() {
  return <PageEditorPage />;
}

export const handle = i18nHandle("admin");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
