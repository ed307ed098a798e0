import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { DescendantsPage, descendantsPageMeta } from "~/families/ui/descendants-page";
import { loadSourceDescendants, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSourceDescendants(request, await requireActiveMember(request), params);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return refusePost(request, "descendants");
}

export default function MembersSourceDescendants() {
  return <DescendantsPage />;
}

export const handle = i18nHandle("trees");

export const meta: MetaFunction<typeof loader> = (args) => descendantsPageMeta(args);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
