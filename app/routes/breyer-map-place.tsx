import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PLACE_INDEX_TITLE } from "~/places/index-info";
import { loadPlacePage } from "~/places/page.server";
import { PlacePage } from "~/places/ui/place-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPlacePage(request, params.placeId);
}

export default function BreyerMapPlace() {
  return <PlacePage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.place.name}, ${data.place.province} — ${PLACE_INDEX_TITLE} — Metryka` : "Place — Metryka" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
