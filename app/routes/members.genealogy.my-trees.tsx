import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadMyTrees, myTreesAction } from "~/families/trees-pages.server";
import { MyTreesPage } from "~/families/ui/my-trees-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

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

export const meta: MetaFunction = () => [{ title: "Your family trees — Master Pedigree Database — Metryka" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
