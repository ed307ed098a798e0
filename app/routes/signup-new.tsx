import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadSignUpPage, signUpAction } from "~/auth/signup.server";
import { SignUpPage } from "~/auth/ui/sign-up-form";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { rateLimitedPageHeaders } from "~/auth/rate-limits.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSignUpPage(request);
}

export const headers = rateLimitedPageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return signUpAction(request, context.clientIp);
}

export default function SignupNew() {
  return <SignUpPage />;
}

export const handle = i18nHandle("auth");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
