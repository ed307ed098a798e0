import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPasswordEditPage, passwordEditAction } from "~/members/profile.server";
import { PasswordEditPage } from "~/members/ui/password-edit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPasswordEditPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return passwordEditAction(request, context.clientIp);
}

export default function ProfileEditPassword() {
  return <PasswordEditPage />;
}

export const meta: MetaFunction = () => [{ title: "Change password — Metryka" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
