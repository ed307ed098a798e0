// The catalogs a page was rendered with, carried in the page as JSON so the browser starts with exactly those
// (no request before hydration) and loads another namespace only when a later page needs it.
import type { Language } from "./languages";
import type { Translator } from "./react";

export const PAGE_RESOURCES_ID = "i18n-resources";

export interface PageResources {
  language: Language;
  resources: Record<string, unknown>;
}

/** The language and catalogs a translator holds for its page. */
export function pageResourcesOf(translator: Translator): PageResources {
  const resources: Record<string, unknown> = {};
  for (const namespace of translator.namespaces()) resources[namespace] = translator.catalog(namespace);
  return { language: translator.language, resources };
}

/** As JSON inside a `<script type="application/json">`: `<` escaped so no text in a catalog can end the element. */
export function serializePageResources(value: PageResources): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
