import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getCurrentUser } from "~/auth/guard.server";
import { SourceSearchPage, sourceSearchMeta } from "~/catalog-pages";
import { loadSourceSearch, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSourceSearch(request, await getCurrentUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return refusePost(request, "search");
}

export default function SourceSearch() {
  return <SourceSearchPage />;
}

export const meta: MetaFunction<typeof loader> = (args) => sourceSearchMeta(args);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
