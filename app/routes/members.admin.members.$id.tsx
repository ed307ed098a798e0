import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAdmin } from "~/auth/guard.server";
import { loadMemberPage, memberAction } from "~/admin/member.server";
import { MemberPage } from "~/admin/ui/member-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadMemberPage(request, params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(request);
  return memberAction(request, params.id, context.clientIp);
}

export default function AdminMember() {
  return <MemberPage />;
}

export const handle = i18nHandle("admin", "search");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
