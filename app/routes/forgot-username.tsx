import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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

export const handle = i18nHandle("auth");

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: pageMeta(await languageOfRequest(request), "auth", "meta.forgotUsername") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
