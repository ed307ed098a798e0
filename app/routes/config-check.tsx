import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { i18nHandle } from "~/i18n/namespaces";
import { metaTags } from "~/i18n/meta";
import { useRouteLoaderData } from "@remix-run/react";
import { loadConfigCheck } from "~/diagnostics/server-checks.server";
import { ConfigCheckPage } from "~/diagnostics/ui/config-check-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import type { loader as rootLoader } from "~/root";

/** /ConfigCheck (SPEC §2, issue #4 item 8): is this browser and this server set up so Metryka works? */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadConfigCheck(request);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function ConfigCheck() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <ConfigCheckPage root={{ buildId: root?.buildId, username: root?.user?.username ?? null }} />;
}

export const handle = i18nHandle("admin");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...metaTags(data?.meta),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
