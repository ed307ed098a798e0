import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { loadPagesList } from "~/admin/pages.server";
import { PagesListPage } from "~/admin/ui/pages-editor";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadPagesList(request);
}

/** The list takes no posts (each page has its editor); the guard still answers first. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response("This page cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}

export default function AdminPages() {
  return <PagesListPage />;
}

export const handle = i18nHandle("admin");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
