import type { CollectionDef } from "./collections";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

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
 * The text of a result column. Most columns are a field; a few combine
 * fields the way a reader expects ("Anna née Radke", "Johann Schulz").
 */
export function columnValue(column: string, data: Record<string, string>): string {
  switch (column) {
    case "mother": {
      const given = data.motherGivenName;
      const maiden = data.motherMaidenName;
      if (given && maiden) return `${given} née ${maiden}`;
      return given ?? (maiden ? `née ${maiden}` : "");
    }
    case "groom":
      return joinName(data.groomGivenName, data.groomSurname);
    case "bride":
      return joinName(data.brideGivenName, data.brideSurname);
    default:
      return data[column] ?? "";
  }
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
    ? `${formatDate(c.gregDate, c.year)} (Julian ${formatDate(c.julianDate, c.year)})`
    : formatDate(c.gregDate, c.year);
  const where = [c.data.place, c.data.parish ? `${c.data.parish} parish` : ""].filter(Boolean).join(", ");
  const source = c.collection.sourceFields
    .map((f) => (c.data[f.name] ? `${f.label.toLowerCase()} ${c.data[f.name]}` : ""))
    .filter(Boolean)
    .join(", ");
  const accessed = c.accessed.toISOString().slice(0, 10);
  return `${kind} of ${c.collection.subject(c.data)}, ${date}${where ? `, ${where}` : ""}. ${c.collection.title}${
    source ? `, ${source}` : ""
  }. Metryka index, ${c.url} (accessed ${accessed}).`;
}
