import { type CollectionDef, fieldSources } from "~/search/collections";
import { isDerivedColumn } from "~/search/display";

/**
 * What a column of a volunteer's spreadsheet can be imported as: the record's date (as the register writes it,
 * single or double), its Julian date when a separate column gives it, the row's source key, or one of the
 * collection's stored fields. The fields come from the collection's definition (search, detail, source and result
 * fields, less the columns the site makes from fields), so a new collection is importable without import code.
 */

export const DATE_TARGET = "date";
export const JULIAN_TARGET = "julianDate";
export const SOURCE_KEY_TARGET = "sourceKey";

export interface ImportTarget {
  name: string;
  label: string;
  required: boolean;
}

/** The collection's stored fields, in the order its record page shows them. */
export function storedFields(collection: CollectionDef): { name: string; label: string }[] {
  const fields = new Map<string, string>();
  const add = (name: string, label: string) => {
    if (!isDerivedColumn(name) && !fields.has(name)) fields.set(name, label);
  };
  for (const f of collection.detailFields) add(f.name, f.label);
  for (const f of collection.searchFields) for (const source of fieldSources(f)) add(source, f.label);
  for (const f of collection.sourceFields) add(f.name, f.label);
  for (const f of collection.resultColumns) add(f.name, f.label);
  return [...fields].map(([name, label]) => ({ name, label }));
}

/** The field every record needs besides its date: the surname of the person it is about (its first search field). */
export function principalField(collection: CollectionDef): string {
  const first = collection.searchFields[0];
  return first ? fieldSources(first)[0]! : "";
}

export function importTargets(collection: CollectionDef): ImportTarget[] {
  const principal = principalField(collection);
  return [
    { name: SOURCE_KEY_TARGET, label: "Source key (identifies the row)", required: false },
    { name: DATE_TARGET, label: "Date or year", required: true },
    { name: JULIAN_TARGET, label: "Julian date (Old Style)", required: false },
    ...storedFields(collection).map((f) => ({ ...f, required: f.name === principal })),
  ];
}

/** A header as a key: lower case, no accents or punctuation ("Mother's maiden name" → "mothersmaidenname"). */
export function headerKey(header: string): string {
  return (
    header
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      // The numero sign heads a column of numbers in Ukrainian and Russian ("№"), as "Nr." does in German.
      .replace(/№/g, "nr")
      .replace(/ł/g, "l")
      .replace(/ß/g, "ss")
      .replace(/[^\p{L}\p{N}]/gu, "")
  );
}

/**
 * The headers volunteers write, in the languages of the registers and of the society, for the field names the
 * collections share. A collection's own labels and field names match as well.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  [SOURCE_KEY_TARGET]: ["id", "key", "source key", "record id", "lp", "lfd nr", "ident"],
  [DATE_TARGET]: ["date", "datum", "data", "дата", "year", "jahr", "rok", "год", "event date", "data zdarzenia"],
  [JULIAN_TARGET]: ["julian", "julian date", "old style", "data juliańska", "julianisches datum", "по старому стилю"],
  surname: [
    "surname",
    "last name",
    "lastname",
    "family name",
    "nachname",
    "familienname",
    "nazwisko",
    "фамилия",
    "прізвище",
  ],
  surnameDe: ["surname germanised", "nachname deutsch", "nazwisko niemieckie"],
  givenName: [
    "given name",
    "given names",
    "first name",
    "forename",
    "christian name",
    "vorname",
    "vornamen",
    "taufname",
    "imie",
    "imiona",
    "имя",
    "ім'я",
  ],
  givenNameDe: ["given name germanised", "vorname deutsch", "imie niemieckie"],
  fatherGivenName: [
    "father",
    "fathers name",
    "vater",
    "vorname vater",
    "vorname des vaters",
    "ojciec",
    "imie ojca",
    "отец",
    "имя отца",
    "батько",
    "ім'я батька",
  ],
  motherGivenName: [
    "mother",
    "mothers name",
    "mutter",
    "vorname mutter",
    "vorname der mutter",
    "matka",
    "imie matki",
    "мать",
    "имя матери",
    "мати",
    "ім'я матері",
  ],
  motherMaidenName: [
    "maiden name",
    "mothers maiden name",
    "mother maiden name",
    "mothers maiden surname",
    "mothers birth name",
    "mothers surname at birth",
    "mother nee",
    "mädchenname",
    "geborene",
    "geb",
    "geburtsname der mutter",
    "geburtsname mutter",
    "mädchenname der mutter",
    "mädchenname mutter",
    "mutter geborene",
    "mutter geb",
    "nazwisko rodowe matki",
    "nazwisko panienskie matki",
    "nazwisko rodowe",
    "nazwisko panieńskie",
    "matka z domu",
    "z domu",
    "дівоче прізвище матері",
    "дівоче прізвище",
    "прізвище матері до шлюбу",
    "девичья фамилия матери",
    "девичья фамилия",
    "фамилия матери до брака",
    "урождённая",
  ],
  motherMaidenNameDe: [
    "maiden name germanised",
    "mothers maiden name germanised",
    "geburtsname der mutter deutsch",
    "mädchenname deutsch",
    "nazwisko rodowe matki niemieckie",
  ],
  place: ["place", "village", "town", "ort", "dorf", "wohnort", "miejscowosc", "wies", "место", "село", "деревня"],
  parish: ["parish", "pfarrei", "kirchspiel", "kirchengemeinde", "parafia", "приход", "парафія"],
  remarks: ["remarks", "notes", "comments", "bemerkungen", "anmerkungen", "uwagi", "примечания", "примечание"],
  notes: ["notes", "uwagi", "bemerkungen"],
  age: ["age", "alter", "wiek", "возраст"],
  film: ["film", "microfilm", "fhl film", "mikrofilm"],
  page: ["page", "seite", "strona", "страница", "лист"],
  act: ["act", "act number", "akt", "nr aktu", "akt nr", "aktennummer", "номер акта", "акт"],
  register: ["register", "register book", "księga", "kirchenbuch", "delo"],
  groomSurname: ["groom surname", "groom", "bräutigam", "nachname bräutigam", "nazwisko pana młodego", "жених"],
  groomGivenName: ["groom given name", "vorname bräutigam", "imie pana młodego"],
  brideSurname: ["bride surname", "bride", "braut", "nachname braut", "nazwisko panny młodej", "невеста"],
  brideGivenName: ["bride given name", "vorname braut", "imie panny młodej"],
  extractor: ["extractor", "indexer", "transcriber", "indeksujący", "bearbeiter"],
  recordType: ["record type", "type", "typ", "art", "rodzaj aktu"],
};

/**
 * The target of each column of a file, matched by its header: a collection field's name or label, or a common
 * synonym. Each target is given to one column at most (the first that matches); a column nothing matches is
 * left out (null).
 */
export function matchHeaders(
  headers: readonly string[],
  collection: CollectionDef,
  translated: readonly (readonly Pick<ImportTarget, "name" | "label">[])[] = [],
): (string | null)[] {
  const targets = importTargets(collection);
  const byKey = new Map<string, string>();
  const add = (words: string, name: string) => {
    const key = headerKey(words);
    if (key && !byKey.has(key)) byKey.set(key, name);
  };
  // Names and labels first, so a collection's own label wins over a synonym of another field; then its labels in
  // the other languages (`translated`: the headers of a download from the site in another language).
  for (const t of targets) byKey.set(headerKey(t.name), t.name);
  for (const t of targets) add(t.label, t.name);
  for (const labels of translated) for (const t of labels) add(t.label, t.name);
  const known = new Set(targets.map((t) => t.name));
  for (const [name, words] of Object.entries(SYNONYMS)) {
    if (!known.has(name)) continue;
    for (const w of words) add(w, name);
  }
  return firstTargets(headers, byKey);
}

/** Each header's target by its key; a target goes to its first header only, a later one gets none (null). */
export function firstTargets(headers: readonly string[], byKey: ReadonlyMap<string, string>): (string | null)[] {
  const used = new Set<string>();
  return headers.map((h) => {
    const target = byKey.get(headerKey(h));
    if (!target || used.has(target)) return null;
    used.add(target);
    return target;
  });
}

/**
 * Parts of headers that name a person's name, in the languages of the registers and of the society: "name" covers
 * the English and German compounds (surname, Vorname, Geburtsname, Mädchenname), the others Polish, Russian and
 * Ukrainian. Keys as headerKey() makes them.
 */
const NAME_WORDS = [
  "name",
  "maiden",
  "geborene",
  "nazwisk",
  "imie",
  "imion",
  "zdomu",
  "фамил",
  "имя",
  "имени",
  "отчеств",
  "девич",
  "урожд",
  "прізвищ",
  "імя",
  "дівоч",
  "побатьков",
].map(headerKey);

/** Whether a header looks like a column of people's names. */
export function looksLikeName(header: string): boolean {
  const key = headerKey(header);
  return NAME_WORDS.some((w) => key.includes(w));
}

/**
 * The headers of the columns left out of the mapping that look like names: their values would be dropped without
 * a word, so the batch page warns of them.
 */
export function unmappedNames(headers: readonly string[], columns: readonly (string | null)[]): string[] {
  return headers.filter((h, i) => !columns[i] && looksLikeName(h));
}
