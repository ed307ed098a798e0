import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getCurrentUser } from "~/auth/guard.server";
import { RecordPage, recordPageMeta } from "~/search/ui/record-page";
import { loadSourceRecord, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSourceRecord(request, await getCurrentUser(request), params);
}

export async function action({ request }: ActionFunctionArgs) {
  return refusePost(request, "record");
}

export default function SourceRecord() {
  return <RecordPage />;
}

export const meta: MetaFunction<typeof loader> = (args) => recordPageMeta(args);

export const handle = i18nHandle("records");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
