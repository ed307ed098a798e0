import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getCurrentUser } from "~/auth/guard.server";
import { SourcePlacePage, sourcePlaceMeta } from "~/catalog-pages";
import { loadSourcePlace, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSourcePlace(request, await getCurrentUser(request), params);
}

export async function action({ request }: ActionFunctionArgs) {
  return refusePost(request, "place");
}

export default function SourcePlace() {
  return <SourcePlacePage />;
}

export const meta: MetaFunction<typeof loader> = (args) => sourcePlaceMeta(args);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
