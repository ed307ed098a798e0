import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadUsernameEditPage, usernameEditAction } from "~/members/username-edit-page.server";
import { UsernameEditPage } from "~/members/ui/username-edit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadUsernameEditPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return usernameEditAction(request, context.clientIp);
}

export default function ProfileEditUsername() {
  return <UsernameEditPage />;
}

export const handle = i18nHandle("members", "forms");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
