// The browser's translator (issue 29): the catalogs the page carries (./page-resources.ts), a namespace a later page
// needs imported as its own small chunk, and a change of language (a member's profile, once signed in) loading the
// new language's catalogs before the page renders in it. Words come from ./translate.ts, which gives i18next's text.
import { DEFAULT_LANGUAGE, type Language, isLanguage } from "./languages";
import { PAGE_RESOURCES_ID, type PageResources } from "./page-resources";
import type { Translator } from "./react";
import { translate } from "./translate";

// The e-mails' catalogs stay on the server.
const chunks = import.meta.glob<{ default: Record<string, unknown> }>([
  "../locales/*/*.json",
  "!../locales/*/mail.json",
]);

function readPageResources(document: Document): PageResources {
  try {
    const parsed = JSON.parse(document.getElementById(PAGE_RESOURCES_ID)?.textContent ?? "") as PageResources;
    if (isLanguage(parsed.language) && parsed.resources && typeof parsed.resources === "object") return parsed;
  } catch {
    // A page without its catalogs (an error rendered before the shell) starts in English and loads them.
  }
  return { language: DEFAULT_LANGUAGE, resources: {} };
}

export interface BrowserTranslator extends Translator {
  /** Renders in another language once its catalogs for every namespace at hand have arrived. */
  changeLanguage(language: Language): Promise<void>;
}

export function browserTranslator(document: Document): BrowserTranslator {
  const page = readPageResources(document);
  let language = page.language;
  let catalogs = new Map<string, unknown>(Object.entries(page.resources));
  let version = 0;
  const listeners = new Set<() => void>();
  const pending = new Map<string, Promise<void>>();
  const failed = new Map<string, unknown>();

  const fetchCatalog = (lng: Language, namespace: string): Promise<unknown> => {
    const load = chunks[`../locales/${lng}/${namespace}.json`];
    return load ? load().then((module) => module.default) : Promise.resolve({});
  };
  const changed = () => {
    version++;
    for (const listener of listeners) listener();
  };

  const translator: BrowserTranslator = {
    get language() {
      return language;
    },
    namespaces: () => [...catalogs.keys()],
    catalog: (namespace) => catalogs.get(namespace),
    t: (namespace, key, options) => translate(language, catalogs.get(namespace), key, options),
    whenLoaded(namespaces) {
      const missing = namespaces.filter((ns) => !catalogs.has(ns));
      if (!missing.length) return undefined;
      const key = `${language}:${missing.join(",")}`;
      // A catalog that could not be downloaded (offline, a new build) is an error for the route's boundary.
      if (failed.has(key)) throw failed.get(key);
      let promise = pending.get(key);
      if (!promise) {
        const lng = language;
        promise = Promise.all(missing.map((ns) => fetchCatalog(lng, ns).then((c) => [ns, c] as const))).then(
          (loaded) => {
            pending.delete(key);
            if (lng !== language) return;
            for (const [ns, catalog] of loaded) catalogs.set(ns, catalog);
            changed();
          },
          (error: unknown) => {
            pending.delete(key);
            failed.set(key, error);
          },
        );
        pending.set(key, promise);
      }
      return promise;
    },
    async changeLanguage(next) {
      if (next === language) return;
      const loaded = await Promise.all(
        [...catalogs.keys()].map((ns) => fetchCatalog(next, ns).then((c) => [ns, c] as const)),
      );
      language = next;
      catalogs = new Map(loaded);
      failed.clear();
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
  return translator;
}
