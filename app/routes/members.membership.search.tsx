import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadDirectoryPage } from "~/members/directory-page.server";
import { DIRECTORY_TITLE, DirectoryPage } from "~/members/ui/directory-page";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadDirectoryPage(request);
}

export default function MemberDirectory() {
  return <DirectoryPage />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const total = data?.result?.total;
  return [{ title: `${total !== undefined ? `${total} members — ` : ""}${DIRECTORY_TITLE} — Metryka` }];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
