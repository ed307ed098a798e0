import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadSignInPage, signInAction, signInPageHeaders } from "~/auth/sign-in-page.server";
import { SignInPage } from "~/auth/ui/sign-in-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSignInPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context.clientIp);
}

export const headers = signInPageHeaders;

export default function Login() {
  return <SignInPage />;
}

export const handle = i18nHandle("auth");

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
