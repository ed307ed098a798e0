import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PLACE_INDEX_DESCRIPTION, PLACE_INDEX_TITLE } from "~/places/index-info";
import { loadPlaceSearch } from "~/places/page.server";
import { PlaceSearchPage } from "~/places/ui/place-search-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPlaceSearch(request);
}

export default function BreyerMapSearch() {
  return <PlaceSearchPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const total = data?.result?.total;
  return [
    { title: `${total !== undefined ? `${total} places — ` : ""}${PLACE_INDEX_TITLE} — Metryka` },
    { name: "description", content: PLACE_INDEX_DESCRIPTION },
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
