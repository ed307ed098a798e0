// The import pages' words that the server writes (issue 29): the mapping's own target labels, and what a page says
// of a file with too many columns. The header matching (./fields.ts, ./place-fields.ts) keeps the English labels:
// it reads them, and a label shown in another language is only what the page shows.
import type { TFunction } from "i18next";
import { formatNumber } from "~/i18n/format";
import { translator } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { SPELLING_LABELS, SPELLING_ORDER } from "~/places/spellings";
import { MAX_COLUMNS } from "./csv";
import type { ImportTarget } from "./fields";
import type { Say } from "~/jobs/said";
import { groupKey } from "~/catalog-text.server";

/** `t` of the `imports` namespace, in the reader's language. */
export type ImportsT = TFunction<"imports">;

/** The English `t`, for callers that give none (the command line, tests). */
export const englishImports = (): ImportsT => translator(DEFAULT_LANGUAGE, "imports");

/** Targets every collection has, whatever its fields: their labels are the site's own words. */
const RECORD_TARGETS = new Set(["sourceKey", "date", "julianDate"]);
/** A place index's targets whose labels do not come from the index. */
const PLACE_TARGETS = new Set(["sourceKey", "square", "latitude", "longitude", "coordinates", "notes"]);

/**
 * A target's label as the page shows it: the site's own targets in the reader's language; a collection's field
 * and an index's own column keep the label their definition gives (the collections' words are translated with
 * their pages).
 */
export function targetLabel(t: ImportsT, kind: string, target: Pick<ImportTarget, "name" | "label">): string {
  const { name, label } = target;
  if (kind === "places") {
    if (PLACE_TARGETS.has(name)) return t(`targets.${name}` as never);
    const spelling = SPELLING_ORDER.find((k) => k === name);
    if (spelling && label === `${SPELLING_LABELS[spelling]} name`) return t(`targets.spelling.${spelling}` as never);
    return label;
  }
  return RECORD_TARGETS.has(name) ? t(`targets.${name}` as never) : label;
}

/** A file wider than an import reads, in the reader's language. */
export function tooManyColumnsIn(language: Language, count: number): string {
  return translator(language, "imports")("refusal.tooManyColumns", {
    count,
    n: formatNumber(language, count),
    max: formatNumber(language, MAX_COLUMNS),
  });
}

/**
 * A row's problem or warning as the reader reads it: by its catalog key in another language; in English as it was
 * written (a problem kept before keys were, or without one, is shown as written in any language, marked `lang: "en"`
 * on a page in another language, so the page can say so to a screen reader and to the no-English check).
 */
export function problemIn<P extends { message: string; say?: Say }>(
  language: Language,
  problem: P,
): Omit<P, "say"> & { lang?: "en" } {
  const { say, ...rest } = problem;
  if (language === DEFAULT_LANGUAGE) return rest;
  const text = say
    ? String(translator(language, "imports")(say.key as never, { ...say.values, defaultValue: "" } as never))
    : "";
  return text ? { ...rest, message: text } : { ...rest, lang: "en" };
}

/**
 * A collection's or place index's title and menu group in the reader's language: the `catalog` namespace's words for
 * the source of the same id (app/catalog-text.server.ts), or the definition's English where it has none.
 */
export function destinationText(
  language: Language,
  d: { kind: string; id: string; title: string; group: string },
): { title: string; group: string } {
  if (language === DEFAULT_LANGUAGE) return { title: d.title, group: d.group };
  const catalog = translator(language, "catalog");
  const title = String(catalog(`sources.${d.id}.title` as never, { defaultValue: d.title } as never));
  const group =
    d.kind === "places"
      ? translator(language, "imports")("new.placeIndexes")
      : String(catalog(`groups.${groupKey(d.group)}.label` as never, { defaultValue: d.group } as never));
  return { title, group };
}
