import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { limitRequest, rateLimitedPageHeaders } from "~/auth/rate-limits.server";
import { requireActiveMember } from "~/auth/guard.server";
import { SourceSearchPage, sourceSearchMeta } from "~/catalog-pages";
import { loadSourceSearch, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireActiveMember(request);
  await limitRequest("searches", context.clientIp);
  return loadSourceSearch(request, user);
}

export const headers = rateLimitedPageHeaders;

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return refusePost(request, "search");
}

export default function MembersSourceSearch() {
  return <SourceSearchPage />;
}

// The family person search (app/families/ui/person-search-page.tsx) reads the trees catalog: the page carries it, so
// the lazily loaded search page does not wait for it after hydration.

export const meta: MetaFunction<typeof loader> = (args) => sourceSearchMeta(args);

// The records' search needs `search`; the family search served by the same route, `trees`.
export const handle = i18nHandle("search", "trees");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
