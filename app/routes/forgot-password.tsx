import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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

export const handle = i18nHandle("auth");

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: pageMeta(await languageOfRequest(request), "auth", "meta.forgotPassword") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
