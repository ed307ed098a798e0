import { formatDatePair, formatDay } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import type { Words } from "~/listing/say";
import { type CollectionDef, RECORD_TYPES, nameForms } from "./collections";

/**
 * A record's date as the page shows it: the words of a qualified date as the register's transcriber wrote them
 * ("abt 1850", "1850–1855": kept in the record's `date` field by an import), else its Gregorian date in the reader's
 * language ("12 Mar 1856", "12 marca 1856").
 */
export function recordDate(
  gregDate: string | null,
  year: number,
  data: Record<string, string>,
  language: Language = "en",
): string {
  return data.date || formatDay(language, gregDate, year);
}

/** "1856-03-12" → "12 Mar 1856" (in `language`: "12. März 1856", "12 marca 1856"); a bare year stays a year. */
export function formatDate(iso: string | null, year: number, language: Language = "en"): string {
  return formatDay(language, iso, year);
}

/**
 * A record's two dates as one, the way the reader's language pairs them ("1/13 marca 1858", "1 (13) марта 1858"),
 * or its one date when it has no Julian date or a qualified one.
 */
export function recordDatePair(
  gregDate: string | null,
  julianDate: string | null,
  year: number,
  data: Record<string, string>,
  language: Language,
): string {
  if (data.date || !gregDate || !julianDate) return recordDate(gregDate, year, data, language);
  return formatDatePair(language, julianDate, gregDate);
}

function joinName(given: string | undefined, surname: string | undefined): string {
  return [given, surname].filter(Boolean).join(" ");
}

/**
 * Columns that are not a field of the record but combine fields the way a reader expects ("Anna née Radke",
 * "Johann Schulz"). An import reads fields, never these.
 */
const ENGLISH_WORDS: Words = (key, vars = {}) => {
  const v = (name: string) => String(vars[name] ?? "");
  switch (key) {
    case "display.nee":
      return `${v("given")} née ${v("maiden")}`;
    case "display.neeOnly":
      return `née ${v("maiden")}`;
    case "display.filmItem":
      return `${v("film")} item ${v("item")}`;
    case "display.parents":
      return `parents ${v("parents")}`;
    case "display.spouse":
      return `spouse ${v("spouse")}`;
    case "display.and":
      return `${v("a")} and ${v("b")}`;
    default:
      return RECORD_TYPES.find((t) => `recordTypes.${t.value}` === key)?.label ?? key;
  }
};

const née = (given: string, maiden: string, words: Words) => words("display.nee", { given, maiden });

const DERIVED_COLUMNS: Readonly<Record<string, (data: Record<string, string>, words: Words) => string>> = {
  mother: (data, words) => {
    const given = data.motherGivenName;
    const maiden = data.motherMaidenName;
    if (given && maiden) return née(given, maiden, words);
    return given ?? (maiden ? words("display.neeOnly", { maiden }) : "");
  },
  groom: (data) => joinName(data.groomGivenName, data.groomSurname),
  bride: (data) => joinName(data.brideGivenName, data.brideSurname),
  // Lublin: a name as written and in its Germanised form ("Jan / Johann").
  surnameForms: (data) => nameForms(data.surname, data.surnameDe),
  givenNameForms: (data) => nameForms(data.givenName, data.givenNameDe),
  motherMaidenForms: (data) => nameForms(data.motherMaidenName, data.motherMaidenNameDe),
  fatherForms: (data) => nameForms(data.fatherGivenName, data.fatherGivenNameDe),
  motherForms: (data, words) => {
    const given = nameForms(data.motherGivenName, data.motherGivenNameDe);
    const maiden = nameForms(data.motherMaidenName, data.motherMaidenNameDe);
    return given && maiden ? née(given, maiden, words) : given || (maiden ? words("display.neeOnly", { maiden }) : "");
  },
  // Volhynia: a place in Cyrillic and in Latin letters ("Рожище / Rozhyshche").
  placeForms: (data) => nameForms(data.placeRu, data.place),
  // Odessa film index: "1881234 item 3".
  filmItem: (data, words) =>
    data.item ? words("display.filmItem", { film: data.film ?? "", item: data.item }).trim() : (data.film ?? ""),
  // Parish records index: "Marriage" for M.
  recordTypeLabel: (data, words) =>
    RECORD_TYPES.some((t) => t.value === data.recordType)
      ? words(`recordTypes.${data.recordType}`)
      : (data.recordType ?? ""),
  groomForms: (data) => personForms(data, "groom"),
  brideForms: (data) => personForms(data, "bride"),
  relatives: (data, words) => {
    const father = columnValue("fatherForms", data, words);
    const mother = columnValue("motherForms", data, words);
    const parents = father && mother ? words("display.and", { a: father, b: mother }) : father || mother;
    return [
      parents && words("display.parents", { parents }),
      data.spouse && words("display.spouse", { spouse: data.spouse }),
    ]
      .filter(Boolean)
      .join("; ");
  },
};

/** Whether a column is made from other fields rather than stored. */
export function isDerivedColumn(column: string): boolean {
  return Object.hasOwn(DERIVED_COLUMNS, column);
}

/**
 * The text of a result column: a field, or a column made from fields. `words` (the `search` and `fields` catalogs'
 * words in the reader's language, app/search/words.server.ts) give "née" and the like in it; English without.
 */
export function columnValue(column: string, data: Record<string, string>, words: Words = ENGLISH_WORDS): string {
  const derived = isDerivedColumn(column) ? DERIVED_COLUMNS[column] : undefined;
  return derived ? derived(data, words) : (data[column] ?? "");
}

/** "Jan Kowalski / Johann Kowalski": a Lublin groom or bride in both forms. */
function personForms(data: Record<string, string>, who: "groom" | "bride"): string {
  const written = joinName(data[`${who}GivenName`], data[`${who}Surname`]);
  const germanised = joinName(
    data[`${who}GivenNameDe`] ?? data[`${who}GivenName`],
    data[`${who}SurnameDe`] ?? data[`${who}Surname`],
  );
  return nameForms(written, germanised);
}

/** A record-page or export field: a stored field or a combined column. */
export function fieldValue(name: string, data: Record<string, string>, words?: Words): string {
  return columnValue(name, data, words);
}

export interface CitationInput {
  collection: CollectionDef;
  data: Record<string, string>;
  gregDate: string | null;
  julianDate: string | null;
  year: number;
  url: string;
  accessed: Date;
}

/**
 * A "cite this record" text in the usual evidence style: what, where, source, where seen. In the reader's language
 * with `words` (the `records` catalog's) and `language`; English without.
 */
export function citationText(c: CitationInput, words?: Words, language: Language = "en"): string {
  if (words) return localCitation(c, words, language);
  const kind = { birth: "Baptism", death: "Burial", marriage: "Marriage", index: "Entry" }[c.collection.recordKind];
  const date = c.julianDate
    ? `${recordDate(c.gregDate, c.year, c.data)} (Julian ${formatDate(c.julianDate, c.year)})`
    : recordDate(c.gregDate, c.year, c.data);
  const where = [c.data.place, c.data.parish ? `${c.data.parish} parish` : ""].filter(Boolean).join(", ");
  const source = c.collection.sourceFields
    // The parish is already named with the place.
    .filter((f) => f.name !== "parish")
    .map((f) => (c.data[f.name] ? `${f.label.toLowerCase()} ${c.data[f.name]}` : ""))
    .filter(Boolean)
    .join(", ");
  const accessed = c.accessed.toISOString().slice(0, 10);
  return `${kind} of ${c.collection.subject(c.data)}, ${date}${where ? `, ${where}` : ""}. ${c.collection.title}${
    source ? `, ${source}` : ""
  }. Metryka index, ${c.url} (accessed ${accessed}).`;
}

function localCitation(c: CitationInput, words: Words, language: Language): string {
  const date = c.julianDate
    ? words("citation.withJulian", {
        date: recordDate(c.gregDate, c.year, c.data, language),
        julian: formatDate(c.julianDate, c.year, language),
      })
    : recordDate(c.gregDate, c.year, c.data, language);
  const where = [c.data.place, c.data.parish ? words("citation.parish", { parish: c.data.parish }) : ""]
    .filter(Boolean)
    .join(", ");
  const source = c.collection.sourceFields
    .filter((f) => f.name !== "parish")
    .map((f) => (c.data[f.name] ? `${language === "de" ? f.label : f.label.toLowerCase()} ${c.data[f.name]}` : ""))
    .filter(Boolean)
    .join(", ");
  return words("citation.text", {
    kind: words(`citation.kind.${c.collection.recordKind}`, { subject: c.collection.subject(c.data) }),
    date,
    where: where ? `, ${where}` : "",
    title: c.collection.title,
    source: source ? `, ${source}` : "",
    url: c.url,
    accessed:
      language === "en"
        ? c.accessed.toISOString().slice(0, 10)
        : formatDay(language, c.accessed.toISOString().slice(0, 10), c.accessed.getUTCFullYear()),
  });
}
