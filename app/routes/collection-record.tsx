import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadRecordPage } from "~/search/record-page.server";
import { RecordPage } from "~/search/ui/record-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadRecordPage(request, params.recordId);
}

export default function CollectionRecord() {
  return <RecordPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.record.subject}, ${data.record.date} — Metryka` : "Record — Metryka" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
