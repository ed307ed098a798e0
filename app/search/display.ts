import { type CollectionDef, RECORD_TYPES, nameForms } from "./collections";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A record's date as the page shows it: the words of a qualified date as the register's transcriber wrote them
 * ("abt 1850", "1850–1855": kept in the record's `date` field by an import), else its Gregorian date.
 */
export function recordDate(gregDate: string | null, year: number, data: Record<string, string>): string {
  return data.date || formatDate(gregDate, year);
}

/** "1856-03-12" → "12 Mar 1856"; a bare year stays a year. */
export function formatDate(iso: string | null, year: number): string {
  if (!iso) return String(year);
  const [y, m, d] = iso.split("-").map(Number);
  if (!m || !d) return String(y || year);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

function joinName(given: string | undefined, surname: string | undefined): string {
  return [given, surname].filter(Boolean).join(" ");
}

/**
 * Columns that are not a field of the record but combine fields the way a reader expects ("Anna née Radke",
 * "Johann Schulz"). An import reads fields, never these.
 */
const DERIVED_COLUMNS: Readonly<Record<string, (data: Record<string, string>) => string>> = {
  mother: (data) => {
    const given = data.motherGivenName;
    const maiden = data.motherMaidenName;
    if (given && maiden) return `${given} née ${maiden}`;
    return given ?? (maiden ? `née ${maiden}` : "");
  },
  groom: (data) => joinName(data.groomGivenName, data.groomSurname),
  bride: (data) => joinName(data.brideGivenName, data.brideSurname),
  // Lublin: a name as written and in its Germanised form ("Jan / Johann").
  surnameForms: (data) => nameForms(data.surname, data.surnameDe),
  givenNameForms: (data) => nameForms(data.givenName, data.givenNameDe),
  motherMaidenForms: (data) => nameForms(data.motherMaidenName, data.motherMaidenNameDe),
  fatherForms: (data) => nameForms(data.fatherGivenName, data.fatherGivenNameDe),
  motherForms: (data) => {
    const given = nameForms(data.motherGivenName, data.motherGivenNameDe);
    const maiden = nameForms(data.motherMaidenName, data.motherMaidenNameDe);
    return given && maiden ? `${given} née ${maiden}` : given || (maiden ? `née ${maiden}` : "");
  },
  // Volhynia: a place in Cyrillic and in Latin letters ("Рожище / Rozhyshche").
  placeForms: (data) => nameForms(data.placeRu, data.place),
  // Odessa film index: "1881234 item 3".
  filmItem: (data) => (data.item ? `${data.film ?? ""} item ${data.item}`.trim() : (data.film ?? "")),
  // Parish records index: "Marriage" for M.
  recordTypeLabel: (data) => RECORD_TYPES.find((t) => t.value === data.recordType)?.label ?? data.recordType ?? "",
  groomForms: (data) => personForms(data, "groom"),
  brideForms: (data) => personForms(data, "bride"),
  relatives: (data) => {
    const parents = [columnValue("fatherForms", data), columnValue("motherForms", data)].filter(Boolean).join(" and ");
    return [parents && `parents ${parents}`, data.spouse && `spouse ${data.spouse}`].filter(Boolean).join("; ");
  },
};

/** Whether a column is made from other fields rather than stored. */
export function isDerivedColumn(column: string): boolean {
  return Object.hasOwn(DERIVED_COLUMNS, column);
}

/** The text of a result column: a field, or a column made from fields. */
export function columnValue(column: string, data: Record<string, string>): string {
  const derived = isDerivedColumn(column) ? DERIVED_COLUMNS[column] : undefined;
  return derived ? derived(data) : (data[column] ?? "");
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
export function fieldValue(name: string, data: Record<string, string>): string {
  return columnValue(name, data);
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

/** A "cite this record" text in the usual evidence style: what, where, source, where seen. */
export function citationText(c: CitationInput): string {
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
