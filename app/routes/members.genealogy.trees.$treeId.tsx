import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadTreePreview } from "~/families/trees-pages.server";
import { TreePreviewPage } from "~/families/ui/tree-preview-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireActiveMember(request);
  return loadTreePreview(request, user, params.treeId);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  throw new Response("This page cannot be posted to.", {
    status: 405,
    statusText: "Method Not Allowed",
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export default function GenealogyTreePreview() {
  return <TreePreviewPage />;
}

export const handle = i18nHandle("trees");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
