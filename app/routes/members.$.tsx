import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { useLoaderData } from "@remix-run/react";
import { loadMembersContentPage } from "~/members/content-page.server";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadMembersContentPage(request, params["*"]);
}

/** Content pages take no posts; the guard still answers first. */
export async function action({ request }: ActionFunctionArgs) {
  await requireActiveMember(request);
  throw new Response("This page cannot be posted to.", { status: 405, statusText: "Method Not Allowed" });
}

export default function MembersContentPage() {
  const { title, html, updatedAt } = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const format = useFormat();
  return (
    <article className="content-page">
      <h1>{title}</h1>
      <p className="content-updated">{t("content.updated", { day: format.day(updatedAt.slice(0, 10), 0) })}</p>
      {/* Rendered by markdown.server.ts, which escapes raw HTML and unsafe links. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export const handle = i18nHandle("members");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
