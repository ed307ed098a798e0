import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadResetPassword, resetPasswordAction } from "~/auth/signup.server";
import { ResetPasswordPage } from "~/auth/ui/account-help-pages";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { rateLimitedPageHeaders } from "~/auth/rate-limits.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadResetPassword(request);
}

export const headers = rateLimitedPageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return resetPasswordAction(request, context.clientIp);
}

export default function ResetPassword() {
  return <ResetPasswordPage />;
}

export const handle = i18nHandle("auth");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
