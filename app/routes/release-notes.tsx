import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { releaseNotesHtml } from "~/server/release-notes.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader() {
  return { html: await releaseNotesHtml() };
}

export default function ReleaseNotes() {
  const { html } = useLoaderData<typeof loader>();
  // The HTML comes from the project's own CHANGELOG.md, not from users.
  return <article className="release-notes" dangerouslySetInnerHTML={{ __html: html }} />;
}

export const meta: MetaFunction = () => [
  { title: "What's new — Metryka" },
  { name: "description", content: "What changed in Metryka, release by release." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
