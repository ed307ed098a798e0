import { type CollectionDef, RECORD_TYPES, nameForms } from "./collections";

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
    // Lublin: a name as written and in its Germanised form ("Jan / Johann").
    case "surnameForms":
      return nameForms(data.surname, data.surnameDe);
    case "givenNameForms":
      return nameForms(data.givenName, data.givenNameDe);
    case "motherMaidenForms":
      return nameForms(data.motherMaidenName, data.motherMaidenNameDe);
    case "fatherForms":
      return nameForms(data.fatherGivenName, data.fatherGivenNameDe);
    case "motherForms": {
      const given = nameForms(data.motherGivenName, data.motherGivenNameDe);
      const maiden = nameForms(data.motherMaidenName, data.motherMaidenNameDe);
      return given && maiden ? `${given} née ${maiden}` : given || (maiden ? `née ${maiden}` : "");
    }
    // Volhynia: a place in Cyrillic and in Latin letters ("Рожище / Rozhyshche").
    case "placeForms":
      return nameForms(data.placeRu, data.place);
    // Odessa film index: "1881234 item 3".
    case "filmItem":
      return data.item ? `${data.film ?? ""} item ${data.item}`.trim() : (data.film ?? "");
    // Parish records index: "Marriage" for M.
    case "recordTypeLabel":
      return RECORD_TYPES.find((t) => t.value === data.recordType)?.label ?? data.recordType ?? "";
    case "groomForms":
      return personForms(data, "groom");
    case "brideForms":
      return personForms(data, "bride");
    case "relatives": {
      const parents = [columnValue("fatherForms", data), columnValue("motherForms", data)]
        .filter(Boolean)
        .join(" and ");
      return [parents && `parents ${parents}`, data.spouse && `spouse ${data.spouse}`].filter(Boolean).join("; ");
    }
    default:
      return data[column] ?? "";
  }
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
    ? `${formatDate(c.gregDate, c.year)} (Julian ${formatDate(c.julianDate, c.year)})`
    : formatDate(c.gregDate, c.year);
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
