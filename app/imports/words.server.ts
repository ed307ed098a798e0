// The import pages' words that the server writes (issue 29): the mapping's own target labels, what a page says of a
// file with too many columns, and the headers of each language that a file's columns are matched by.
import type { TFunction } from "i18next";
import { formatNumber } from "~/i18n/format";
import { translator } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/i18n/languages";
import type { CollectionDef } from "~/search/collections";
import { localizedCollection } from "~/search/localize.server";
import { SPELLING_LABELS, SPELLING_ORDER } from "~/places/spellings";
import { MAX_COLUMNS } from "./csv";
import { DATE_TARGET, type ImportTarget, JULIAN_TARGET, importTargets, matchHeaders } from "./fields";
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

/** A record collection's import targets with their labels in `language` (the mapping's choices, a gap's words). */
export function recordTargetsIn(collection: CollectionDef, language: Language): ImportTarget[] {
  const t = translator(language, "imports");
  return importTargets(localizedCollection(collection, language)).map((x) => ({
    ...x,
    label: targetLabel(t, "records", x),
  }));
}

type Heading = Pick<ImportTarget, "name" | "label">;

/**
 * A collection's column headings in the languages other than English, as the site writes them: its field labels
 * (the `fields` catalogs), the search download's date columns and the site's targets. A file downloaded from a search
 * in German ("Nr.;Datum;…;Familienname") is thus mapped back to its fields. Not its "Nr." or "№" column: in a
 * volunteer's file that is the entry's number in the register, which starts again each year, so it is left for the
 * administrator to choose rather than taken as the key that identifies a row.
 */
const headingsByCollection = new Map<string, Heading[][]>();

function translatedHeadings(collection: CollectionDef): Heading[][] {
  let headings = headingsByCollection.get(collection.id);
  if (!headings) {
    headings = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).map((language) => {
      const csv = translator(language, "search");
      return [
        ...recordTargetsIn(collection, language),
        { name: DATE_TARGET, label: csv("csv.date") },
        { name: JULIAN_TARGET, label: csv("csv.julianDate") },
        { name: DATE_TARGET, label: csv("csv.year") },
      ];
    });
    headingsByCollection.set(collection.id, headings);
  }
  return headings;
}

/** Each column's target by its header, in English or in any other of the site's languages. */
export function matchRecordHeaders(headers: readonly string[], collection: CollectionDef): (string | null)[] {
  return matchHeaders(headers, collection, translatedHeadings(collection));
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
