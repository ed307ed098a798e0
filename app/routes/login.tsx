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

export const meta: MetaFunction = () => [
  { title: "Sign in — Metryka" },
  { name: "description", content: "Sign in to Metryka to search the members' collections." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
