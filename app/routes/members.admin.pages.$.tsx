import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { editorAction, loadEditPage } from "~/admin/pages.server";
import { PageEditorPage } from "~/admin/ui/pages-editor";
import { GeneralErrorBoundary } from "~/ui/error-page";

// A splat, not :slug, because page addresses may have parts ("guides/volhynia").
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadEditPage(request, params["*"] ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  return editorAction(request, params["*"] ?? "", context.clientIp);
}

export default function AdminEditPage() {
  return <PageEditorPage />;
}

export const handle = i18nHandle("admin");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
