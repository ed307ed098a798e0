import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadPasswordEditPage, passwordEditAction } from "~/members/password-edit-page.server";
import { PasswordEditPage } from "~/members/ui/password-edit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadPasswordEditPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return passwordEditAction(request, context.clientIp);
}

export default function ProfileEditPassword() {
  return <PasswordEditPage />;
}

export const handle = i18nHandle("members", "forms");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
