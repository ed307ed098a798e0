import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { emailEditAction, loadEmailEditPage } from "~/members/email-change.server";
import { EmailEditPage } from "~/members/ui/email-edit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadEmailEditPage(request, context.clientIp);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return emailEditAction(request, context.clientIp);
}

export default function ProfileEditEmail() {
  return <EmailEditPage />;
}

export const handle = i18nHandle("members", "forms");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
