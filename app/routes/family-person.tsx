import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPersonPage } from "~/families/page.server";
import { PersonPage } from "~/families/ui/person-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPersonPage(request, params.personId);
}

export default function FamilyPerson() {
  return <PersonPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.person.name} (${data.person.id}) — ${data.collection.title} — Metryka` : "Person — Metryka" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
