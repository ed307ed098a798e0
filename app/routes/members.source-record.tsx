import { i18nHandle } from "~/i18n/namespaces";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { RecordPage, recordPageMeta } from "~/search/ui/record-page";
import { loadSourceRecord, refusePost } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSourceRecord(request, await requireActiveMember(request), params);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return refusePost(request, "record");
}

export default function MembersSourceRecord() {
  return <RecordPage />;
}

export const meta: MetaFunction<typeof loader> = (args) => recordPageMeta(args);

export const handle = i18nHandle("records");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
