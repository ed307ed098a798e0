// The catalogs' namespaces (app/locales/<language>/<namespace>.json). A route names the ones it needs in its
// `handle.i18n` (remix-i18next's convention; ./i18next.server.ts reads the matched routes'); the shell's are on every
// page.
export const NAMESPACES = [
  "common",
  "home",
  "auth",
  "forms",
  "mail",
  "catalog",
  "offline",
  "members",
  "trees",
  "admin",
  "imports",
  "search",
  "records",
  "places",
  "fields",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The header, footer, language menu and error pages: every page has them. */
export const SHELL_NAMESPACE = "common" satisfies Namespace;

/**
 * Validation messages. Their keys are the English sentences themselves, so a form whose page is not translated
 * yet still reads them right, and `.` or `:` in a sentence is no key path: these keys are looked up flat.
 */
export const FORMS_NAMESPACE = "forms" satisfies Namespace;
export const FLAT_KEYS = { keySeparator: false, nsSeparator: false } as const;

/** What a page's route module exports for remix-i18next: `export const handle = i18nHandle("auth")`. */
export function i18nHandle(...namespaces: Namespace[]): { i18n: Namespace[] } {
  return { i18n: namespaces };
}
