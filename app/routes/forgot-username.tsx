import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { forgotUsernameAction } from "~/auth/signup.server";
import { ForgotUsernamePage } from "~/auth/ui/account-help-pages";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { rateLimitedPageHeaders } from "~/auth/rate-limits.server";

export const headers = rateLimitedPageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return forgotUsernameAction(request, context.clientIp);
}

export default function ForgotUsername() {
  return <ForgotUsernamePage />;
}

export const meta: MetaFunction = () => [{ title: "Forgotten username — Metryka" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
