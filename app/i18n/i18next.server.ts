import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
// The server's i18next: every catalog of every language, loaded once at start. A page is rendered with a clone
// fixed to its language (clones share the catalogs); e-mails and actions take a fixed `t` for a language.
import i18next, { type TFunction, type i18n as I18n } from "i18next";
import type { Translator } from "./react";
import { translate } from "./translate";
import type { EntryContext } from "@remix-run/node";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";
import { FLAT_KEYS, FORMS_NAMESPACE, NAMESPACES, type Namespace, SHELL_NAMESPACE } from "./namespaces";

// Vite (the build, vitest) bundles the catalogs; scripts run by tsx (bench:import …) have no import.meta.env and
// read the same files from disk.
const catalogs: Record<string, Record<string, unknown>> = import.meta.env
  ? import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" })
  : catalogsFromDisk();

function catalogsFromDisk(): Record<string, Record<string, unknown>> {
  const root = path.resolve(import.meta.dirname, "../locales");
  const found: Record<string, Record<string, unknown>> = {};
  for (const language of readdirSync(root)) {
    for (const file of readdirSync(path.join(root, language))) {
      found[`../locales/${language}/${file}`] = JSON.parse(readFileSync(path.join(root, language, file), "utf8"));
    }
  }
  return found;
}

/** The catalogs as i18next's resources: language → namespace → keys. */
export function allResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, catalog] of Object.entries(catalogs)) {
    const [, language = "", namespace = ""] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    (resources[language] ??= {})[namespace] = catalog;
  }
  return resources;
}

const instance: I18n = i18next.createInstance();
void instance.init({
  resources: allResources(),
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  lng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: SHELL_NAMESPACE,
  load: "currentOnly",
  // React escapes what it renders; e-mails are plain text.
  interpolation: { escapeValue: false },
  initImmediate: false,
  returnNull: false,
});

/**
 * The namespaces a page needs: the shell's and those its matched routes name in `handle.i18n` (remix-i18next's
 * convention). Only the matched routes: on the server every route module of the build is loaded, so
 * remix-i18next's `getRouteNamespaces`, which reads them all, would put every catalog into every page.
 */
export function pageNamespaces(context: EntryContext): string[] {
  const namespaces = context.staticHandlerContext.matches.flatMap(({ route }) => {
    const handle = context.routeModules[route.id]?.handle as { i18n?: unknown } | undefined;
    const named = handle?.i18n;
    return (Array.isArray(named) ? named : [named]).filter((ns): ns is string => typeof ns === "string");
  });
  return [...new Set([SHELL_NAMESPACE, ...namespaces])];
}

/** Most texts of a language and namespace that `t` keeps (a bound, should a caller translate unbounded values). */
const KEPT_TEXTS_PER_NAMESPACE = 20_000;
/** The options that leave a key's text the same for every call: the others (count, values) are not kept. */
const CONSTANT_OPTIONS = new Set(["defaultValue", "keySeparator", "nsSeparator", "ns"]);
/** Whether a call's text depends on values it is given (a count, a name): such texts are not kept. */
const hasValues = (options: object | undefined) =>
  options !== undefined && !Object.keys(options).every((o) => CONSTANT_OPTIONS.has(o));
const fixedTs = new Map<string, TFunction>();

/**
 * i18next's `t` for a language and namespace, remembering the text of each key asked without values: the catalogs
 * never change while the server runs, and resolving a key (i18next's option handling, fallbacks and interpolation
 * scan) was about a tenth of a search page's CPU (issue 30, decision 0075).
 */
function keptT(language: Language, namespace: string): TFunction {
  const id = `${language}\u0000${namespace}`;
  const kept = fixedTs.get(id);
  if (kept) return kept;
  const fixed = instance.getFixedT(language, namespace);
  const texts = new Map<string, string>();
  const t = ((key: unknown, options?: Record<string, unknown>) => {
    if (typeof key !== "string" || hasValues(options)) {
      return fixed(key as never, options as never);
    }
    const id = options
      ? `${key}\u0000${String(options.defaultValue ?? "")}\u0000${String(options.ns ?? "")}\u0000${options.keySeparator === false ? 1 : 0}${options.nsSeparator === false ? 1 : 0}`
      : key;
    let text = texts.get(id);
    if (text === undefined) {
      text = String(fixed(key as never, options as never));
      if (texts.size < KEPT_TEXTS_PER_NAMESPACE) texts.set(id, text);
    }
    return text;
  }) as unknown as TFunction;
  fixedTs.set(id, t);
  return t;
}

/**
 * The translator a page is rendered with on the server, in the page's language, with its namespaces. A text with
 * values (a count, a name) comes from ./translate.ts, the browser's translation the page hydrates with, which
 * gives i18next's text for every key of every catalog (translate.test.ts) at a fraction of i18next's cost per call
 * (issue 30, decision 0076); the rest are i18next's kept texts.
 */
export function pageTranslator(language: Language, namespaces: readonly string[]): Translator {
  const catalog = (namespace: string) => instance.getResourceBundle(language, namespace) as unknown;
  return {
    language,
    namespaces: () => [...namespaces],
    catalog,
    t: (namespace, key, options) => {
      if (hasValues(options)) {
        const text = translate(language, catalog(namespace), key, options);
        // The key itself: not in this language's catalog, where i18next would look in English.
        if (text !== key) return text;
      }
      return String(keptT(language, namespace)(key as never, options as never));
    },
    whenLoaded: () => undefined,
    subscribe: () => () => {},
    version: () => 0,
    changeLanguage: () => Promise.resolve(),
  };
}

/** `t` for one language and namespace, for what the server writes itself (e-mails, form answers, titles). */
export function translator<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  return keptT(language, namespace) as TFunction<N>;
}

/** A page's title and description: `<key>.title` and `<key>.description` of a namespace. */
export function pageMeta(
  language: Language,
  namespace: Namespace,
  key: string,
): { title: string; description: string } {
  const t = translator(language, namespace);
  return { title: t(`${key}.title` as never), description: t(`${key}.description` as never) };
}

/** A form's messages in a language: each English sentence is its own key in the `forms` catalogs. */
export function formMessages(language: Language): (message: string) => string {
  const t = translator(language, FORMS_NAMESPACE);
  return (message) => t(message as never, { ...FLAT_KEYS, defaultValue: message });
}
