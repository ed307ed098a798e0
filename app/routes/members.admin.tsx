import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { loadMembersPage } from "~/admin/members.server";
import { MembersPage } from "~/admin/ui/members-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadMembersPage(request);
}

/** The members table is a GET form; the guard still answers a post first. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  throw new Response("This page cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}

export default function AdminMembers() {
  return <MembersPage />;
}

export const handle = i18nHandle("admin", "search");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
