import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { PlacePage } from "~/places/ui/place-page";
import { placePageMeta } from "~/places/ui/place-page-meta";
import { PlaceRecords } from "~/search/ui/place-records";
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
  return (
    <PlacePage>
      <PlaceRecords />
    </PlacePage>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => placePageMeta(args);

export const handle = i18nHandle("places", "records", "search");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
