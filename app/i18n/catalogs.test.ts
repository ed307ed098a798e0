// The catalogs stay complete (issue 29 item 6): every language has every namespace and key English has, with the
// plural forms its grammar needs and the same placeholders; no key is left that the code no longer uses.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SIGN_IN_FAILED, SIGN_IN_SUSPENDED } from "~/auth/sign-in.server";
import { SIGN_UP_FORM_EXPIRED } from "~/auth/signup.server";
import { COUNTRY_PLACEHOLDER, REGION_PLACEHOLDER } from "~/ui/region-options";
import { NOT_FOUND_TITLE, SERVER_ERROR_TITLE } from "~/ui/error-page";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages";
import { NAMESPACES } from "./namespaces";

const APP = path.join(import.meta.dirname, "..");
const LOCALES = path.join(APP, "locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Catalog = Record<string, string>;

/** A catalog's keys flattened with dots, except `forms`, whose keys are sentences (app/i18n/namespaces.ts). */
function flatten(value: unknown, prefix = "", flat: Catalog = {}): Catalog {
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof item === "string") flat[name] = item;
    else flatten(item, name, flat);
  }
  return flat;
}

function catalog(language: string, namespace: string): Catalog {
  const json = JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8")) as Catalog;
  return namespace === "forms" ? json : flatten(json);
}

/** What a text's reader never sees but the code fills in: `{{name}}` (format aside) and `<tag>` components. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<(\/?)(\w+)>/g)].map((m) => `<${m[1]}${m[2]}>`);
  return [...names, ...tags].sort();
}

/** Keys grouped by their plural base: "records_one", "records_other" → "records". */
function byBase(flat: Catalog): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const key of Object.keys(flat)) {
    const base = key.replace(PLURAL_SUFFIX, "");
    bases.set(base, [...(bases.get(base) ?? []), key]);
  }
  return bases;
}

describe("the catalogs", () => {
  it("have one file per language and namespace, and nothing else", () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(LOCALES, language)).sort(), language).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  for (const namespace of NAMESPACES) {
    const english = catalog(DEFAULT_LANGUAGE, namespace);
    const englishBases = byBase(english);
    for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      it(`${language}/${namespace}: every key, each with its language's plural forms and English's placeholders`, () => {
        const translated = catalog(language, namespace);
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const expected = [...englishBases].flatMap(([base, keys]) =>
          keys.some((k) => PLURAL_SUFFIX.test(k)) ? categories.map((c) => `${base}_${c}`) : keys,
        );
        expect(Object.keys(translated).sort()).toEqual(expected.sort());
        for (const [key, text] of Object.entries(translated)) {
          const source = english[key] ?? english[`${key.replace(PLURAL_SUFFIX, "")}_other`]!;
          expect(placeholders(text), `${language}/${namespace} ${key}`).toEqual(placeholders(source));
          expect(text.trim(), `${language}/${namespace} ${key} is empty`).not.toBe("");
        }
      });
    }
  }

  it("keep forms' keys equal to their English sentences", () => {
    for (const [key, text] of Object.entries(catalog(DEFAULT_LANGUAGE, "forms"))) expect(text).toBe(key);
  });

  it("keep the spec's English texts and the ones the API and tests share", () => {
    const common = catalog(DEFAULT_LANGUAGE, "common");
    expect(common["error.title.404"]).toBe(NOT_FOUND_TITLE);
    expect(common["error.title.500"]).toBe(SERVER_ERROR_TITLE);
    expect(common["error.pageNotFound"]).toBe("Page not found: {{path}}");
    expect(common["countryRegion.selectCountry"]).toBe(COUNTRY_PLACEHOLDER);
    expect(common["countryRegion.selectRegion"]).toBe(REGION_PLACEHOLDER);
    const auth = catalog(DEFAULT_LANGUAGE, "auth");
    expect(auth["signIn.failed"]).toBe(SIGN_IN_FAILED);
    expect(auth["signIn.suspended"]).toBe(SIGN_IN_SUSPENDED);
    expect(auth["signUp.formExpired"]).toBe(SIGN_UP_FORM_EXPIRED);
  });

  it("hold no key that the code does not use", () => {
    const sources = sourceFiles(APP).map((file) => readFileSync(file, "utf8"));
    const literals = new Set<string>();
    const patterns: RegExp[] = [];
    for (const source of sources) {
      for (const m of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) literals.add(m[1] ?? m[2]!);
      for (const m of source.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
        if (!m[1]!.includes("${")) literals.add(m[1]!);
        else if (/[.\s]/.test(m[1]!.replace(/\$\{[^}]*\}/g, ""))) patterns.push(templatePattern(m[1]!));
      }
    }
    const used = (key: string) =>
      literals.has(key) ||
      literals.has(key.replace(PLURAL_SUFFIX, "")) ||
      [...literals].some((l) => l.includes(".") && key.startsWith(`${l}.`)) ||
      patterns.some((p) => p.test(key));
    for (const namespace of NAMESPACES) {
      const unused = Object.keys(catalog(DEFAULT_LANGUAGE, namespace)).filter((key) => !used(key));
      expect(unused, `unused keys in ${namespace}`).toEqual([]);
    }
  });
});

/** The app's source files, less tests and the catalogs themselves. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * A template literal with `${…}` as a pattern: each expression stands for any text. Only templates whose own text
 * has a dot or a space can build a key (`error.title.${status}`, a sentence); `${a}${b}` would match anything.
 */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".+")}$`);
}
