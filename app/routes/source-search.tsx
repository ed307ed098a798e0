import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { limitRequest, rateLimitedPageHeaders } from "~/auth/rate-limits.server";
import { getCurrentUser } from "~/auth/guard.server";
import { SourceSearchPage, sourceSearchMeta } from "~/catalog-pages";
import { loadSourceSearch, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await limitRequest("searches", context.clientIp);
  return loadSourceSearch(request, await getCurrentUser(request));
}

export const headers = rateLimitedPageHeaders;

export async function action({ request }: ActionFunctionArgs) {
  return refusePost(request, "search");
}

export default function SourceSearch() {
  return <SourceSearchPage />;
}

export const meta: MetaFunction<typeof loader> = (args) => sourceSearchMeta(args);

export const handle = i18nHandle("search");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
