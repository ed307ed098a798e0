// The browser's i18next: started before hydration from the catalogs the page carries (./page-resources.ts), so
// the first render matches the server's; a namespace a later page needs is imported as its own small chunk.
import i18next, { type BackendModule, type ReadCallback, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from "./languages";
import { PAGE_RESOURCES_ID, type PageResources } from "./page-resources";
import { SHELL_NAMESPACE } from "./namespaces";

// The e-mails' catalogs stay on the server.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>([
  "../locales/*/*.json",
  "!../locales/*/mail.json",
]);

const chunkBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogs[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

function readPageResources(document: Document): PageResources {
  try {
    const parsed = JSON.parse(document.getElementById(PAGE_RESOURCES_ID)?.textContent ?? "") as PageResources;
    if (isLanguage(parsed.language)) return parsed;
  } catch {
    // A page without its catalogs (an error rendered before the shell) starts in English and loads them.
  }
  return { language: DEFAULT_LANGUAGE, namespaces: [SHELL_NAMESPACE], resources: {} };
}

export function startI18n(document: Document): I18n {
  const page = readPageResources(document);
  void i18next
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      lng: page.language,
      resources: { [page.language]: page.resources } as never,
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      // Every key is in every language (app/i18n/catalogs.test.ts), so no English catalogs come along as a fallback.
      fallbackLng: false,
      ns: page.namespaces,
      defaultNS: SHELL_NAMESPACE,
      load: "currentOnly",
      interpolation: { escapeValue: false },
      initImmediate: false,
      returnNull: false,
    });
  return i18next;
}
