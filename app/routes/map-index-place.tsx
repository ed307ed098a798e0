import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPlacePage } from "~/places/page.server";
import { PlacePage } from "~/places/ui/place-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPlacePage(request, params.placeId);
}

export default function MapIndexPlace() {
  return <PlacePage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.place.name}, ${data.place.province} — ${data.index.title} — Metryka` : "Place — Metryka" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
