import type { MetaFunction } from "@remix-run/node";
import { SuccessPage } from "~/auth/ui/account-help-pages";
import { GeneralErrorBoundary } from "~/ui/error-page";

export default function Success() {
  return <SuccessPage />;
}

export const meta: MetaFunction = () => [{ title: "Welcome — Metryka" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
