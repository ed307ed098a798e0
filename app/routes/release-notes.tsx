import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta, translator } from "~/i18n/i18next.server";
import { metaTags } from "~/i18n/meta";
import { releaseNotesHtml } from "~/server/release-notes.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await languageOfRequest(request);
  return {
    meta: pageMeta(language, "home", "releaseNotes.meta"),
    // The notes stay in English (issue 29): a reader of another language is told so, in theirs.
    inEnglish: language === "en" ? null : translator(language, "home")("releaseNotes.inEnglish"),
    html: await releaseNotesHtml(),
  };
}

export default function ReleaseNotes() {
  const { html, inEnglish } = useLoaderData<typeof loader>();
  return (
    <>
      {inEnglish && (
        <p className="notice" role="note">
          {inEnglish}
        </p>
      )}
      {/* The HTML comes from the project's own CHANGELOG.md, not from users. */}
      <article className="release-notes" lang="en" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
