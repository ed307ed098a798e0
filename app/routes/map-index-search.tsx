import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPlaceSearch } from "~/places/page.server";
import { PlaceSearchPage } from "~/places/ui/place-search-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPlaceSearch(request);
}

export default function MapIndexSearch() {
  return <PlaceSearchPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const total = data?.result?.total;
  const title = data?.form.title ?? "Place index";
  return [
    { title: `${total !== undefined ? `${total} places — ` : ""}${title} — Metryka` },
    { name: "description", content: data?.form.description ?? "" },
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
