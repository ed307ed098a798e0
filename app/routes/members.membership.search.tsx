import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadDirectoryPage } from "~/members/directory-page.server";
import { DirectoryPage } from "~/members/ui/directory-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadDirectoryPage(request);
}

export default function MemberDirectory() {
  return <DirectoryPage />;
}

export const handle = i18nHandle("members", "search");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
