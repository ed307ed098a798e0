import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { SourcePlacePage, sourcePlaceMeta } from "~/catalog-pages";
import { loadSourcePlace, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSourcePlace(request, await requireActiveMember(request), params);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return refusePost(request, "place");
}

export default function MembersSourcePlace() {
  return <SourcePlacePage />;
}

export const meta: MetaFunction<typeof loader> = (args) => sourcePlaceMeta(args);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
