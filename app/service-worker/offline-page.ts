// The page the service worker shows for a page it has not saved, one per language (issue 29), written from the
// `offline` catalogs by scripts/build-offline-pages.ts into public/ (a static file: the worker stores it at install,
// when no page of the site may be reachable). offline-page.test.ts holds the files to what this writes.
import { LANGUAGES, type Language } from "../i18n/languages";
import {
  NO_SAVED_PAGES_END,
  NO_SAVED_PAGES_START,
  SAVED_LIST,
  SAVED_PAGES_END,
  SAVED_PAGES_START,
  offlinePath,
} from "./policy";

export type OfflineKey = "title" | "heading" | "text" | "savedHeading" | "noneSaved" | "membersPages" | "tryAgain";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
      body {
        margin: 0;
        font-family:
          system-ui,
          -apple-system,
          "Segoe UI",
          Roboto,
          sans-serif;
        color: #1f2328;
        background: #faf8f5;
        line-height: 1.5;
      }
      main {
        max-width: 36rem;
        margin: 4rem auto;
        padding: 0 1.25rem;
        overflow-wrap: break-word;
        hyphens: auto;
      }
      h1 {
        font-size: 1.6rem;
        margin: 0 0 0.75rem;
      }
      a {
        color: #7a2e1f;
      }
      a:focus-visible {
        outline: 3px solid #1d4ed8;
        outline-offset: 2px;
      }`;

/** The offline page in a language, its words given by `t` (the `offline` catalog of that language). */
export function offlinePageHtml(language: Language, t: (key: OfflineKey) => string): string {
  const e = (key: OfflineKey) => escapeHtml(t(key));
  // "<again>Try again</again> once you are back online.": the tag becomes the link that loads the page again.
  const tryAgain = e("tryAgain").replace(/&#60;again&#62;(.*?)&#60;\/again&#62;/, '<a href="">$1</a>');
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${e("title")}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <style>${STYLE}
    </style>
  </head>
  <body>
    <main>
      <p><a href="/">Metryka</a></p>
      <h1>${e("heading")}</h1>
      <p>${e("text")}</p>
      ${SAVED_PAGES_START}<h2>${e("savedHeading")}</h2>
      ${SAVED_LIST}${SAVED_PAGES_END}
      ${NO_SAVED_PAGES_START}<p>${e("noneSaved")}</p>${NO_SAVED_PAGES_END}
      <p>${e("membersPages")}</p>
      <p>${tryAgain}</p>
    </main>
  </body>
</html>
`;
}

/** Every language's offline page by its address, from the catalogs a reader gives (the files, in the script). */
export function offlinePages(catalogOf: (language: Language) => Record<OfflineKey, string>): Map<string, string> {
  return new Map(
    LANGUAGES.map((language) => {
      const catalog = catalogOf(language);
      return [offlinePath(language), offlinePageHtml(language, (key) => catalog[key])];
    }),
  );
}
