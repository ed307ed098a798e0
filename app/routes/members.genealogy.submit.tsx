import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadSubmitPage, submitAction } from "~/families/trees-pages.server";
import { TreeSubmitPage } from "~/families/ui/tree-submit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireActiveMember(request);
  return loadSubmitPage(request, user);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireActiveMember(request);
  return submitAction(request, user, context.clientIp);
}

export default function GenealogySubmit() {
  return <TreeSubmitPage />;
}

export const handle = i18nHandle("trees");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
