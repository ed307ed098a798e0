import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { loadAuditPage } from "~/admin/audit.server";
import { AuditPage } from "~/admin/ui/audit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadAuditPage(request);
}

/** The audit log is read-only; the guard still answers a post first. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response("This page cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}

export default function AdminAudit() {
  return <AuditPage />;
}

export const handle = i18nHandle("admin", "search");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
