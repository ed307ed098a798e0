// The catalogs a page was rendered with, carried in the page as JSON so the browser starts with exactly those
// (no request before hydration) and loads another namespace only when a later page needs it.
import type { i18n as I18n } from "i18next";
import type { Language } from "./languages";

export const PAGE_RESOURCES_ID = "i18n-resources";

export interface PageResources {
  language: Language;
  namespaces: string[];
  resources: Record<string, unknown>;
}

/** The language and namespaces an instance holds for its page. */
export function pageResourcesOf(i18n: I18n, namespaces: readonly string[]): PageResources {
  const language = i18n.language as Language;
  const resources: Record<string, unknown> = {};
  for (const ns of namespaces) {
    const bundle = i18n.getResourceBundle(language, ns) as unknown;
    if (bundle) resources[ns] = bundle;
  }
  return { language, namespaces: [...namespaces], resources };
}

/** As JSON inside a `<script type="application/json">`: `<` escaped so no text in a catalog can end the element. */
export function serializePageResources(value: PageResources): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
