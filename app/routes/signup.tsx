import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MembershipPage } from "~/auth/ui/membership-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export default function Signup() {
  return <MembershipPage />;
}

export const handle = i18nHandle("auth");

export async function loader({ request }: LoaderFunctionArgs) {
  return { meta: pageMeta(await languageOfRequest(request), "auth", "meta.membership") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
