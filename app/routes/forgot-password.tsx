import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { forgotPasswordAction } from "~/auth/signup.server";
import { ForgotPasswordPage } from "~/auth/ui/account-help-pages";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { rateLimitedPageHeaders } from "~/auth/rate-limits.server";

export const headers = rateLimitedPageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return forgotPasswordAction(request, context.clientIp);
}

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}

export const meta: MetaFunction = () => [
  { title: "Forgotten password — Metryka" },
  { name: "description", content: "Get a link to choose a new Metryka password." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
