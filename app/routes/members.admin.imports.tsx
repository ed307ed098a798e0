import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { loadImportsPage } from "~/imports/pages.server";
import { ImportsPage } from "~/imports/ui/imports-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadImportsPage(request);
}

/** The list is read-only; the guard still answers a post first. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response("This page cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}

export default function AdminImports() {
  return <ImportsPage />;
}

export const handle = i18nHandle("admin", "imports", "search");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
