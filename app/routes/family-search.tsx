import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadPersonSearch } from "~/families/page.server";
import { PersonSearchPage } from "~/families/ui/person-search-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPersonSearch(request);
}

export default function FamilySearch() {
  return <PersonSearchPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const total = data?.result?.total;
  return [
    {
      title: `${total !== undefined ? `${total} ${total === 1 ? "person" : "people"} — ` : ""}${data?.form.title ?? "Families"} — Metryka`,
    },
    { name: "description", content: data?.form.description ?? "" },
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
