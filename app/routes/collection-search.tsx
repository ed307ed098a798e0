import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadSearchPage } from "~/search/search-page.server";
import { SearchPage } from "~/search/ui/search-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(request);
}

export default function CollectionSearch() {
  return <SearchPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data?.collection.title ?? "Search";
  const total = data?.result?.total;
  return [
    { title: `${total !== undefined ? `${total} results — ` : ""}${title} — Metryka` },
    { name: "description", content: data?.collection.description ?? "" },
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
