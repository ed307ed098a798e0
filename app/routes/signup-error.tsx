import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadSignUpError, resendVerificationAction } from "~/auth/signup.server";
import { SignUpErrorPage } from "~/auth/ui/account-help-pages";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSignUpError(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return resendVerificationAction(request);
}

export default function SignupError() {
  return <SignUpErrorPage />;
}

export const handle = i18nHandle("auth");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
