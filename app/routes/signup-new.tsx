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

export const meta: MetaFunction = () => [
  { title: "Sign up — Metryka" },
  { name: "description", content: "Apply for a Metryka account." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
