import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { PersonPage, personPageMeta } from "~/families/ui/person-page";
import { loadSourcePerson, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSourcePerson(request, await requireActiveMember(request), params);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return refusePost(request, "person");
}

export default function MembersSourcePerson() {
  return <PersonPage />;
}

export const handle = i18nHandle("trees", "records");

export const meta: MetaFunction<typeof loader> = (args) => personPageMeta(args);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
