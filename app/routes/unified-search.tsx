import { i18nHandle } from "~/i18n/namespaces";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { metaTags } from "~/i18n/meta";
import { limitRequest, rateLimitedPageHeaders } from "~/auth/rate-limits.server";
import { sourceDefs } from "~/catalog";
import { loadUnifiedSearch } from "~/unified/unified.server";
import { UnifiedSearchPage } from "~/unified/ui/unified-search-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await limitRequest("searches", context.clientIp);
  return loadUnifiedSearch(request, sourceDefs());
}

export const headers = rateLimitedPageHeaders;

export default function UnifiedSearch() {
  return <UnifiedSearchPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.form.meta);

export const handle = i18nHandle("search");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
