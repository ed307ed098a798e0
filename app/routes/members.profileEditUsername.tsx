import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadUsernameEditPage, usernameEditAction } from "~/members/username-edit-page.server";
import { UsernameEditPage } from "~/members/ui/username-edit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

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

export const meta: MetaFunction = () => [{ title: "Change username — Metryka" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
