// The browser's words are i18next's: for every key of every catalog in every language, ./translate.ts gives the
// text the server's i18next gives, with counts that reach each plural form and every placeholder filled, so a page
// hydrates to exactly what the server rendered (decision 0071).
import { describe, expect, it } from "vitest";
import { allResources, translator } from "./i18next.server";
import { LANGUAGES } from "./languages";
import { FLAT_KEYS, NAMESPACES, type Namespace } from "./namespaces";
import { translate } from "./translate";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VALUES = {
  total: 104512,
  path: "/no/such/page",
  address: "j••••@example.org",
  country: "Polska",
  problem: "This link has expired",
  username: "olga.schulz",
  link: "https://metryka.example/signup/verify?token=abc",
  // The administration's and imports' placeholders (issue 29): every key is compared with each of them filled.
  changed: "changed-value",
  collection: "collection-value",
  column: "column-value",
  day: "day-value",
  days: "days-value",
  done: "done-value",
  encoding: "encoding-value",
  error: "error-value",
  file: "file-value",
  from: "from-value",
  h: "h-value",
  header: "header-value",
  id: "id-value",
  label: "label-value",
  last: "last-value",
  m: "m-value",
  max: 4000,
  length: 1000003,
  mb: "mb-value",
  message: "message-value",
  n: "n-value",
  name: "name-value",
  new: "new-value",
  page: "page-value",
  percent: "percent-value",
  phase: "phase-value",
  quota: "quota-value",
  rate: "rate-value",
  role: "role-value",
  room: "room-value",
  s: "s-value",
  sheet: "sheet-value",
  state: "state-value",
  status: "status-value",
  text: "text-value",
  time: "time-value",
  title: "title-value",
  to: "to-value",
  unchanged: "unchanged-value",
  valid: "valid-value",
  when: "when-value",
  who: "who-value",
  point: "point-value",
  area: "area-value",
  square: "square-value",
  sheets: "sheets-value",
  summary: "summary-value",
  failed: "failed-value",
  warnings: "warnings-value",
  value: "value-value",
  choices: "choices-value",
  key: "key-value",
  row: "row-value",
  read: "read-value",
  width: "width-value",
  year: "year-value",
  julian: "julian-value",
  expected: "expected-value",
  gregorian: "gregorian-value",
  back: "back-value",
};
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1000, 1234, 104512, 1.5];

function keysOf(value: unknown, prefix = ""): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
    typeof item === "string" ? [`${prefix}${key}`] : keysOf(item, `${prefix}${key}.`),
  );
}

describe("translate (the browser's i18next)", () => {
  const resources = allResources();
  for (const language of LANGUAGES) {
    it(`gives i18next's text for every key in ${language}`, () => {
      let compared = 0;
      for (const namespace of NAMESPACES) {
        const catalog = resources[language]![namespace];
        const flat = namespace === "forms" ? FLAT_KEYS : {};
        const keys = namespace === "forms" ? Object.keys(catalog!) : keysOf(catalog);
        for (const base of new Set(keys.map((k) => k.replace(PLURAL_SUFFIX, "")))) {
          const plural = keys.some((k) => k !== base && k.replace(PLURAL_SUFFIX, "") === base);
          for (const count of plural ? COUNTS : [undefined]) {
            const options = { ...VALUES, ...flat, ...(count === undefined ? {} : { count }) };
            expect(translate(language, catalog, base, options), `${language} ${namespace} ${base} ${count}`).toBe(
              String(translator(language, namespace as Namespace)(base as never, options as never)),
            );
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(150);
    });
  }

  it("answers the key itself, or the default, for a key the catalog lacks, as i18next does", () => {
    expect(translate("de", { a: { b: "x" } }, "a.c")).toBe("a.c");
    expect(translate("de", {}, "Some sentence.", { ...FLAT_KEYS, defaultValue: "Some sentence." })).toBe(
      "Some sentence.",
    );
    expect(translate("pl", { n_one: "{{count}} wpis", n_few: "{{count}} wpisy" }, "n", { count: 3 })).toBe("3 wpisy");
  });
});
