import type { MetaFunction } from "@remix-run/node";
import { MembershipPage } from "~/auth/ui/membership-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export default function Signup() {
  return <MembershipPage />;
}

export const meta: MetaFunction = () => [
  { title: "Become a member — Metryka" },
  { name: "description", content: "How to become a member of the society and what members can search." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
