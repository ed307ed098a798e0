import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadMyTrees, myTreesAction } from "~/families/trees-pages.server";
import { MyTreesPage } from "~/families/ui/my-trees-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireActiveMember(request);
  return loadMyTrees(request, user);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireActiveMember(request);
  return myTreesAction(request, user, context.clientIp);
}

export default function GenealogyMyTrees() {
  return <MyTreesPage />;
}

export const handle = i18nHandle("trees");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
