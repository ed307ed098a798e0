/**
 * The collection registry: every record collection is declared here, once, as
 * data. Routes (app/routes.ts), the search form, the results table, the
 * record page, the CSV export and the unified search are all driven by it, so
 * adding a collection needs no new page code (DESIGN §3).
 *
 * This module is shared by the server and the browser and by the route
 * config, so it must stay free of server-only imports.
 */

export const MATCH_MODES = ["exact", "normalized", "starts", "contains", "sounds", "variants"] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export const MATCH_MODE_LABELS: Record<MatchMode, string> = {
  exact: "Exact spelling",
  normalized: "Ignore accents",
  starts: "Starts with",
  contains: "Contains",
  sounds: "Sounds like",
  variants: "Name variants",
};

export type FieldKind = "surname" | "givenName" | "place" | "parish";

const NAME_MODES: readonly MatchMode[] = ["sounds", "normalized", "exact", "starts", "contains"];
const GIVEN_MODES: readonly MatchMode[] = ["variants", "sounds", "normalized", "exact", "starts", "contains"];
const PLACE_MODES: readonly MatchMode[] = ["normalized", "starts", "contains", "sounds", "exact"];

const DEFAULT_MODE: Record<FieldKind, MatchMode> = {
  surname: "sounds",
  givenName: "variants",
  place: "normalized",
  parish: "normalized",
};

const MODES_BY_KIND: Record<FieldKind, readonly MatchMode[]> = {
  surname: NAME_MODES,
  givenName: GIVEN_MODES,
  place: PLACE_MODES,
  parish: PLACE_MODES,
};

/** Sortable columns of the records table; each collection maps fields onto them. */
export type SortColumn = "date" | "name1" | "given1" | "name2" | "given2" | "place" | "parish";

export interface SearchField {
  /** camelCase name: the URL parameter and the key in a record's data. */
  name: string;
  label: string;
  kind: FieldKind;
  modes: readonly MatchMode[];
  defaultMode: MatchMode;
  /** The records-table column the field sorts on, if it is sortable. */
  sortColumn?: SortColumn;
}

export interface DisplayField {
  name: string;
  label: string;
}

export type RecordKind = "birth" | "death" | "marriage" | "index";
export type Access = "public" | "members";

export interface CollectionDef {
  /** Stable identifier, also the value of the records.collection column's code mapping. */
  id: string;
  /** Small integer stored in the database. Never reuse a code. */
  code: number;
  /** URL prefix without trailing slash, e.g. "/stpete/birth". */
  basePath: string;
  title: string;
  shortTitle: string;
  group: string;
  description: string;
  access: Access;
  recordKind: RecordKind;
  /** Years the registers cover (for the form's hints and the suggestions). */
  years: { from: number; to: number; missing: readonly number[] };
  searchFields: readonly SearchField[];
  /** Columns of the results table (after the date column). */
  resultColumns: readonly DisplayField[];
  /** Every field shown on the record page, in order. */
  detailFields: readonly DisplayField[];
  /** Fields of the source citation. */
  sourceFields: readonly DisplayField[];
  /** Sort used when the URL gives none. */
  defaultSort: readonly string[];
  /** Name of the person the record is about, for titles and citations. */
  subject: (data: Record<string, string | null>) => string;
  /**
   * The people a unified search can find in a record (child, father, groom,
   * bride…), each as its surname and given-name fields. A visitor's
   * "Schulz" is counted once per role, with a link that searches that role.
   */
  roles: readonly { label: string; surname: string; givenName: string }[];
}

function field(name: string, label: string, kind: FieldKind, sortColumn?: SortColumn): SearchField {
  return {
    name,
    label,
    kind,
    modes: MODES_BY_KIND[kind],
    defaultMode: DEFAULT_MODE[kind],
    sortColumn,
  };
}

const ST_PETE_YEARS = { from: 1833, to: 1885, missing: [1842, 1849, 1870] } as const;
const ST_PETE_GROUP = "St. Petersburg Lutheran Consistory";
const ST_PETE_SOURCE: readonly DisplayField[] = [
  { name: "film", label: "Film" },
  { name: "register", label: "Register" },
  { name: "page", label: "Page" },
];

const personName = (surname: string | null, given: string | null) =>
  [given, surname].filter(Boolean).join(" ") || "Unnamed";

const BIRTH_DEATH_FIELDS: readonly SearchField[] = [
  field("surname", "Surname", "surname", "name1"),
  field("givenName", "Given name", "givenName", "given1"),
  field("fatherGivenName", "Father's given name", "givenName"),
  field("motherGivenName", "Mother's given name", "givenName"),
  field("motherMaidenName", "Mother's maiden name", "surname"),
  field("place", "Place", "place", "place"),
  field("parish", "Parish", "parish", "parish"),
];

const BIRTH_DEATH_COLUMNS: readonly DisplayField[] = [
  { name: "surname", label: "Surname" },
  { name: "givenName", label: "Given name" },
  { name: "fatherGivenName", label: "Father" },
  { name: "mother", label: "Mother" },
  { name: "place", label: "Place" },
  { name: "parish", label: "Parish" },
];

const BIRTH_DEATH_DETAILS: readonly DisplayField[] = [
  { name: "surname", label: "Surname" },
  { name: "givenName", label: "Given name" },
  { name: "fatherGivenName", label: "Father's given name" },
  { name: "motherGivenName", label: "Mother's given name" },
  { name: "motherMaidenName", label: "Mother's maiden name" },
  { name: "place", label: "Place" },
  { name: "parish", label: "Parish" },
  { name: "remarks", label: "Remarks" },
];

/** A copy of `fields` with `extra` after the field named `after`. */
function withAfter(fields: readonly DisplayField[], after: string, extra: DisplayField): DisplayField[] {
  const i = fields.findIndex((f) => f.name === after);
  return [...fields.slice(0, i + 1), extra, ...fields.slice(i + 1)];
}

export const COLLECTIONS: readonly CollectionDef[] = [
  {
    id: "stpete-birth",
    code: 1,
    basePath: "/stpete/birth",
    title: "St. Petersburg Consistory births",
    shortTitle: "Births",
    group: ST_PETE_GROUP,
    description:
      "Baptisms from the duplicate registers that Lutheran parishes of Volhynia, Kiev, Podolia and other governorates sent to the St. Petersburg Consistory, 1833–1885.",
    access: "public",
    recordKind: "birth",
    years: ST_PETE_YEARS,
    searchFields: BIRTH_DEATH_FIELDS,
    resultColumns: BIRTH_DEATH_COLUMNS,
    detailFields: BIRTH_DEATH_DETAILS,
    sourceFields: ST_PETE_SOURCE,
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surname, d.givenName),
    roles: [
      { label: "as the child", surname: "surname", givenName: "givenName" },
      { label: "as the mother (maiden name)", surname: "motherMaidenName", givenName: "motherGivenName" },
    ],
  },
  {
    id: "stpete-death",
    code: 2,
    basePath: "/stpete/death",
    title: "St. Petersburg Consistory deaths",
    shortTitle: "Deaths",
    group: ST_PETE_GROUP,
    description:
      "Burials from the duplicate registers of the Lutheran parishes reporting to the St. Petersburg Consistory, 1833–1885.",
    access: "public",
    recordKind: "death",
    years: ST_PETE_YEARS,
    searchFields: BIRTH_DEATH_FIELDS,
    resultColumns: withAfter(BIRTH_DEATH_COLUMNS, "givenName", { name: "age", label: "Age" }),
    detailFields: withAfter(BIRTH_DEATH_DETAILS, "givenName", { name: "age", label: "Age" }),
    sourceFields: ST_PETE_SOURCE,
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surname, d.givenName),
    roles: [
      { label: "as the deceased", surname: "surname", givenName: "givenName" },
      { label: "as the mother (maiden name)", surname: "motherMaidenName", givenName: "motherGivenName" },
    ],
  },
  {
    id: "stpete-marriage",
    code: 3,
    basePath: "/stpete/marriage",
    title: "St. Petersburg Consistory marriages",
    shortTitle: "Marriages",
    group: ST_PETE_GROUP,
    description:
      "Marriages from the duplicate registers of the Lutheran parishes reporting to the St. Petersburg Consistory, 1833–1885.",
    access: "public",
    recordKind: "marriage",
    years: ST_PETE_YEARS,
    searchFields: [
      field("groomSurname", "Groom's surname", "surname", "name1"),
      field("groomGivenName", "Groom's given name", "givenName", "given1"),
      field("brideSurname", "Bride's surname", "surname", "name2"),
      field("brideGivenName", "Bride's given name", "givenName", "given2"),
      field("place", "Place", "place", "place"),
      field("parish", "Parish", "parish", "parish"),
    ],
    resultColumns: [
      { name: "groom", label: "Groom" },
      { name: "bride", label: "Bride" },
      { name: "place", label: "Place" },
      { name: "parish", label: "Parish" },
    ],
    detailFields: [
      { name: "groomSurname", label: "Groom's surname" },
      { name: "groomGivenName", label: "Groom's given name" },
      { name: "groomParents", label: "Groom's parents or previous spouse" },
      { name: "brideSurname", label: "Bride's surname" },
      { name: "brideGivenName", label: "Bride's given name" },
      { name: "brideParents", label: "Bride's parents or previous spouse" },
      { name: "place", label: "Place" },
      { name: "parish", label: "Parish" },
      { name: "remarks", label: "Remarks" },
    ],
    sourceFields: ST_PETE_SOURCE,
    defaultSort: ["year", "groomSurname"],
    subject: (d) =>
      `${personName(d.groomSurname, d.groomGivenName)} and ${personName(d.brideSurname, d.brideGivenName)}`,
    roles: [
      { label: "as the groom", surname: "groomSurname", givenName: "groomGivenName" },
      { label: "as the bride", surname: "brideSurname", givenName: "brideGivenName" },
    ],
  },
];

export function searchPath(c: CollectionDef): string {
  return `${c.basePath}/search`;
}

export function recordPath(c: CollectionDef, id: number | string): string {
  return `${c.basePath}/record/${id}`;
}

export function exportPath(c: CollectionDef): string {
  return `${c.basePath}/export.csv`;
}

export function getCollection(id: string): CollectionDef | undefined {
  return COLLECTIONS.find((c) => c.id === id);
}

export function getCollectionByCode(code: number): CollectionDef | undefined {
  return COLLECTIONS.find((c) => c.code === code);
}

/** The collection whose URL space contains `pathname` (exact case). */
export function collectionForPath(pathname: string): CollectionDef | undefined {
  return COLLECTIONS.find((c) => pathname === c.basePath || pathname.startsWith(`${c.basePath}/`));
}

/** Fields a user can sort on: "year" plus every search field with a sort column. */
export function sortableFields(c: CollectionDef): Map<string, SortColumn> {
  const map = new Map<string, SortColumn>([["year", "date"]]);
  for (const f of c.searchFields) if (f.sortColumn) map.set(f.name, f.sortColumn);
  return map;
}

/** Years after which records are members-only (DESIGN §5 privacy periods). */
export const PRIVACY_YEARS: Record<RecordKind, number> = {
  birth: 100,
  death: 75,
  marriage: 75,
  index: 75,
};

/** Latest event year a visitor may see in a collection in the given calendar year. */
export function latestPublicYear(c: CollectionDef, now: Date = new Date()): number {
  return now.getUTCFullYear() - PRIVACY_YEARS[c.recordKind];
}
