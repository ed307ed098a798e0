// The pages' translation hooks (issue 29): `useTranslation(namespace)` and `<Trans>`, the same on the server (i18next,
// app/i18n/i18next.server.ts) and in the browser (app/i18n/browser.ts). Only the Translator differs.
import {
  Children,
  type ReactElement,
  type ReactNode,
  cloneElement,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useSyncExternalStore,
} from "react";
import { DEFAULT_LANGUAGE, type Language } from "./languages";
import type { TranslateOptions } from "./translate";

/** What renders a page's words: a language and the catalogs the page has. */
export interface Translator {
  language: Language;
  /** The namespaces at hand (the page's, and in the browser those loaded since). */
  namespaces(): string[];
  /** A namespace's catalog at hand, as the page carries it to the browser. */
  catalog(namespace: string): unknown;
  t(namespace: string, key: string, options?: TranslateOptions): string;
  /**
   * Undefined when the namespaces are at hand; else a promise that settles when they are (a later page's namespace
   * in the browser). Rendering waits for it (React suspends).
   */
  whenLoaded(namespaces: readonly string[]): Promise<void> | undefined;
  /** Renders again after a change of language or a namespace loaded (the browser's). */
  subscribe(listener: () => void): () => void;
  version(): number;
  /** Renders in another language once its catalogs have arrived (the browser's; the server's page has one). */
  changeLanguage(language: Language): Promise<void>;
}

const TranslatorContext = createContext<Translator | null>(null);
export const TranslatorProvider = TranslatorContext.Provider;

/** A translator with no catalogs: every key comes back as itself. */
let outsideProvider: Translator = {
  language: DEFAULT_LANGUAGE,
  namespaces: () => [],
  catalog: () => undefined,
  t: (_namespace, key, options) => options?.defaultValue ?? key,
  whenLoaded: () => undefined,
  subscribe: () => () => {},
  version: () => 0,
  changeLanguage: () => Promise.resolve(),
};

/** The translator of components rendered without a provider: unit tests render them alone, in English. */
export function setTranslatorOutsideProvider(translator: Translator): void {
  outsideProvider = translator;
}

/** The page's translator, for what needs its language or loads a namespace itself (a form's messages). */
export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext) ?? outsideProvider;
  useSyncExternalStore(translator.subscribe, translator.version, translator.version);
  return translator;
}

export type TFunction = (key: string, options?: TranslateOptions & { ns?: string }) => string;

/** `t` for a namespace (another one through `{ ns }`), and the translator. */
export function useTranslation(namespace: string): { t: TFunction; translator: Translator } {
  const translator = useTranslator();
  const pending = translator.whenLoaded([namespace]);
  // React shows the page it has until the catalog arrives (navigations run in a transition).
  if (pending) throw pending;
  const t = useCallback<TFunction>(
    (key, options) => translator.t(options?.ns ?? namespace, key, options),
    // The version changes with the language, so `t` does too, and memoised children render again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [translator, namespace, translator.version()],
  );
  return { t, translator };
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A text with links or emphasis inside: `"Not a member? <signUp>Become one</signUp>."` with
 * `components={{ signUp: <Link to="/Signup" /> }}`. Each `<name>…</name>` becomes that element with the text inside.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TranslateOptions;
  components: Record<string, ReactElement>;
}): ReactNode {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const element = components[name];
    const inner = match[2] ?? "";
    parts.push(
      isValidElement(element) ? cloneElement(element, { key: `${name}-${match.index}` }, inner || undefined) : inner,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{Children.toArray(parts)}</>;
}
