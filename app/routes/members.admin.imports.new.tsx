import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { loadNewImportPage, newImportAction } from "~/imports/pages.server";
import { NewImportPage } from "~/imports/ui/new-import-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadNewImportPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return newImportAction(request, user, context.clientIp);
}

export default function AdminImportsNew() {
  return <NewImportPage />;
}

export const handle = i18nHandle("admin", "imports");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
