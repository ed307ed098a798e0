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

/** "code": a film, register or page number, matched by its characters (no sounds or accents). */
export type FieldKind = "surname" | "givenName" | "place" | "parish" | "code";

const NAME_MODES: readonly MatchMode[] = ["sounds", "normalized", "exact", "starts", "contains"];
const GIVEN_MODES: readonly MatchMode[] = ["variants", "sounds", "normalized", "exact", "starts", "contains"];
const PLACE_MODES: readonly MatchMode[] = ["normalized", "starts", "contains", "sounds", "exact"];
const CODE_MODES: readonly MatchMode[] = ["exact", "starts", "contains"];

const DEFAULT_MODE: Record<FieldKind, MatchMode> = {
  surname: "sounds",
  givenName: "variants",
  place: "normalized",
  parish: "normalized",
  code: "exact",
};

const MODES_BY_KIND: Record<FieldKind, readonly MatchMode[]> = {
  surname: NAME_MODES,
  givenName: GIVEN_MODES,
  place: PLACE_MODES,
  parish: PLACE_MODES,
  code: CODE_MODES,
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
  /**
   * The record fields whose values this search field finds, when not just
   * `name`: a Lublin given name is found in its Polish and its Germanised
   * form ("Bogumił", "Gottlieb"); "father or spouse" in either slot. The
   * first source is the one the field sorts on.
   */
  sources?: readonly string[];
  /** A closed list of values (record type B/M/D): the form offers a select, the value must be one of them. */
  choices?: readonly { value: string; label: string }[];
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

function field(
  name: string,
  label: string,
  kind: FieldKind,
  sortColumn?: SortColumn,
  sources?: readonly string[],
): SearchField {
  return {
    name,
    label,
    kind,
    modes: MODES_BY_KIND[kind],
    defaultMode: DEFAULT_MODE[kind],
    sortColumn,
    ...(sources ? { sources } : {}),
  };
}

/** A field with a closed list of values, matched exactly (the form shows a select). */
function choiceField(name: string, label: string, choices: readonly { value: string; label: string }[]): SearchField {
  return { name, label, kind: "code", modes: ["exact"], defaultMode: "exact", choices };
}

/** The record fields a search field reads its values from. */
export function fieldSources(f: SearchField): readonly string[] {
  return f.sources ?? [f.name];
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

const ST_PETE_COLLECTIONS: readonly CollectionDef[] = [
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

// Lublin (members): acts of the Lutheran parishes of the Lublin governorate,
// 1826–1900. Every name is given as written (Polish until 1868, Russian
// after, transliterated) and in its Germanised form; a search finds either.
const LUBLIN_YEARS = { from: 1826, to: 1900, missing: [] } as const;
const LUBLIN_GROUP = "Lublin Lutheran parishes";
const LUBLIN_SOURCE: readonly DisplayField[] = [
  { name: "archive", label: "Archive" },
  { name: "fond", label: "Fond" },
  { name: "parish", label: "Parish" },
  { name: "registerYear", label: "Register year" },
  { name: "act", label: "Act number" },
];
const LUBLIN_SURNAME = (name: string, label: string, sortColumn?: SortColumn) =>
  field(name, label, "surname", sortColumn, [name, `${name}De`]);
const LUBLIN_GIVEN = (name: string, label: string, sortColumn?: SortColumn) =>
  field(name, label, "givenName", sortColumn, [name, `${name}De`]);
/** "Jan / Johann", or the one form when both are the same. */
export function nameForms(written: string | null | undefined, germanised: string | null | undefined): string {
  if (!written) return germanised ?? "";
  if (!germanised || germanised === written) return written;
  return `${written} / ${germanised}`;
}
const LUBLIN_PERSON_COLUMNS: readonly DisplayField[] = [
  { name: "act", label: "Act" },
  { name: "surnameForms", label: "Surname (Polish / German)" },
  { name: "givenNameForms", label: "Given name (Polish / German)" },
];
const lublinDescription = (acts: string) =>
  `${acts} of the Lutheran parishes of the Lublin governorate (Lublin, Cyców, Kamionka, Zamość, Chełm), 1826–1900: in Polish until 1868, in Russian after; every name in its Polish and Germanised form.`;

export const LUBLIN_COLLECTIONS: readonly CollectionDef[] = [
  {
    id: "lublin-birth",
    code: 4,
    basePath: "/members/lublin/birth",
    title: "Lublin Lutheran births",
    shortTitle: "Births",
    group: LUBLIN_GROUP,
    description: lublinDescription("Birth and baptism acts"),
    access: "members",
    recordKind: "birth",
    years: LUBLIN_YEARS,
    searchFields: [
      LUBLIN_SURNAME("surname", "Surname", "name1"),
      LUBLIN_GIVEN("givenName", "Given name", "given1"),
      LUBLIN_GIVEN("fatherGivenName", "Father's given name"),
      LUBLIN_GIVEN("motherGivenName", "Mother's given name"),
      LUBLIN_SURNAME("motherMaidenName", "Mother's maiden name"),
      field("place", "Village", "place", "place"),
    ],
    resultColumns: [
      ...LUBLIN_PERSON_COLUMNS,
      { name: "fatherForms", label: "Father" },
      { name: "motherForms", label: "Mother" },
      { name: "place", label: "Village" },
    ],
    detailFields: [
      { name: "surname", label: "Surname (as written)" },
      { name: "surnameDe", label: "Surname (Germanised)" },
      { name: "givenName", label: "Given name (as written)" },
      { name: "givenNameDe", label: "Given name (Germanised)" },
      { name: "fatherForms", label: "Father" },
      { name: "fatherAge", label: "Father's age" },
      { name: "fatherOccupation", label: "Father's occupation" },
      { name: "motherForms", label: "Mother" },
      { name: "motherAge", label: "Mother's age" },
      { name: "place", label: "Village" },
      { name: "language", label: "Language of the act" },
      { name: "notes", label: "Notes" },
    ],
    sourceFields: LUBLIN_SOURCE,
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surname, d.givenName),
    roles: [
      { label: "as the child", surname: "surname", givenName: "givenName" },
      { label: "as the mother (maiden name)", surname: "motherMaidenName", givenName: "motherGivenName" },
    ],
  },
  {
    id: "lublin-death",
    code: 5,
    basePath: "/members/lublin/death",
    title: "Lublin Lutheran deaths",
    shortTitle: "Deaths",
    group: LUBLIN_GROUP,
    description: lublinDescription("Death acts"),
    access: "members",
    recordKind: "death",
    years: LUBLIN_YEARS,
    searchFields: [
      LUBLIN_SURNAME("surname", "Surname", "name1"),
      LUBLIN_GIVEN("givenName", "Given name", "given1"),
      field("fatherOrSpouse", "Father or husband (given name)", "givenName", undefined, [
        "fatherGivenName",
        "fatherGivenNameDe",
        "husbandGivenName",
        "husbandGivenNameDe",
      ]),
      field("motherOrSpouse", "Mother or wife (given name)", "givenName", undefined, [
        "motherGivenName",
        "motherGivenNameDe",
        "wifeGivenName",
        "wifeGivenNameDe",
      ]),
      field("place", "Village", "place", "place"),
    ],
    resultColumns: [
      ...LUBLIN_PERSON_COLUMNS,
      { name: "age", label: "Age" },
      { name: "relatives", label: "Parents or spouse" },
      { name: "place", label: "Village" },
    ],
    detailFields: [
      { name: "surname", label: "Surname (as written)" },
      { name: "surnameDe", label: "Surname (Germanised)" },
      { name: "givenName", label: "Given name (as written)" },
      { name: "givenNameDe", label: "Given name (Germanised)" },
      { name: "age", label: "Age" },
      { name: "fatherForms", label: "Father" },
      { name: "motherForms", label: "Mother" },
      { name: "spouse", label: "Spouse" },
      { name: "place", label: "Village" },
      { name: "language", label: "Language of the act" },
      { name: "notes", label: "Notes" },
    ],
    sourceFields: LUBLIN_SOURCE,
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surname, d.givenName),
    roles: [{ label: "as the deceased", surname: "surname", givenName: "givenName" }],
  },
  {
    id: "lublin-marriage",
    code: 6,
    basePath: "/members/lublin/marriage",
    title: "Lublin Lutheran marriages",
    shortTitle: "Marriages",
    group: LUBLIN_GROUP,
    description: lublinDescription("Marriage acts"),
    access: "members",
    recordKind: "marriage",
    years: LUBLIN_YEARS,
    searchFields: [
      LUBLIN_SURNAME("groomSurname", "Groom's surname", "name1"),
      LUBLIN_GIVEN("groomGivenName", "Groom's given name", "given1"),
      LUBLIN_SURNAME("brideSurname", "Bride's surname", "name2"),
      LUBLIN_GIVEN("brideGivenName", "Bride's given name", "given2"),
      field("place", "Village", "place", "place"),
    ],
    resultColumns: [
      { name: "act", label: "Act" },
      { name: "groomForms", label: "Groom (Polish / German)" },
      { name: "brideForms", label: "Bride (Polish / German)" },
      { name: "place", label: "Village" },
    ],
    detailFields: [
      { name: "groomSurname", label: "Groom's surname (as written)" },
      { name: "groomSurnameDe", label: "Groom's surname (Germanised)" },
      { name: "groomGivenName", label: "Groom's given name (as written)" },
      { name: "groomGivenNameDe", label: "Groom's given name (Germanised)" },
      { name: "groomAge", label: "Groom's age" },
      { name: "groomParents", label: "Parents of the groom" },
      { name: "brideSurname", label: "Bride's surname (as written)" },
      { name: "brideSurnameDe", label: "Bride's surname (Germanised)" },
      { name: "brideGivenName", label: "Bride's given name (as written)" },
      { name: "brideGivenNameDe", label: "Bride's given name (Germanised)" },
      { name: "brideAge", label: "Bride's age" },
      { name: "brideParents", label: "Parents of the bride" },
      { name: "place", label: "Village" },
      { name: "language", label: "Language of the act" },
      { name: "notes", label: "Notes" },
    ],
    sourceFields: LUBLIN_SOURCE,
    defaultSort: ["year", "groomSurname"],
    subject: (d) =>
      `${personName(d.groomSurname, d.groomGivenName)} and ${personName(d.brideSurname, d.brideGivenName)}`,
    roles: [
      { label: "as the groom", surname: "groomSurname", givenName: "groomGivenName" },
      { label: "as the bride", surname: "brideSurname", givenName: "brideGivenName" },
    ],
  },
];

// Volhynia (members): church books of the Lutheran parishes of Volhynia,
// 1900–1918, in the State Archive of Zhytomyr Oblast, written in Russian.
// Every name is given in Cyrillic as written and in its Germanised form
// (Иоганн Шмидт / Johann Schmidt); a search in Latin letters finds either.
const VOLHYNIAN_YEARS = { from: 1900, to: 1918, missing: [] } as const;
const VOLHYNIAN_GROUP = "Volhynia 1900–1918";
// Members' name indexes: one search each, over entries that point to a film,
// register and page rather than transcribe a whole act.
const INDEXES_GROUP = "Indexes (members)";

/**
 * What the wide menu shows for each group: the full names no longer fit in one row beside each other. The full
 * name stays the button's accessible name and heads the group in the phone menu.
 */
export const GROUP_SHORT_LABELS: Readonly<Record<string, string>> = {
  [ST_PETE_GROUP]: "St. Petersburg",
  [LUBLIN_GROUP]: "Lublin",
  [VOLHYNIAN_GROUP]: "Volhynia",
  [INDEXES_GROUP]: "Indexes",
};
const VOLHYNIAN_SOURCE: readonly DisplayField[] = [
  { name: "archive", label: "Archive" },
  { name: "book", label: "Church book" },
  { name: "page", label: "Page" },
  { name: "act", label: "Act number" },
];
const VOLHYNIAN_PLACE = (label: string) => field("place", label, "place", "place", ["place", "placeRu"]);
const volhynianDescription = (acts: string) =>
  `${acts} from the church books of the Lutheran parishes of Volhynia (Zhytomyr, Rozhyshche, Novohrad-Volynskyi, Lutsk, Heimtal, Tuchin), 1900–1918, written in Russian: every name in Cyrillic and in its Germanised form, dates in the Julian and the Gregorian calendar.`;

export const VOLHYNIAN_COLLECTIONS: readonly CollectionDef[] = [
  {
    id: "volhynian-birth",
    code: 7,
    basePath: "/members/volhynian/birth",
    title: "Volhynian Lutheran births",
    shortTitle: "Births",
    group: VOLHYNIAN_GROUP,
    description: volhynianDescription("Births and baptisms"),
    access: "members",
    recordKind: "birth",
    years: VOLHYNIAN_YEARS,
    searchFields: [
      LUBLIN_SURNAME("surname", "Surname", "name1"),
      LUBLIN_GIVEN("givenName", "Given name", "given1"),
      LUBLIN_GIVEN("fatherGivenName", "Father's given name"),
      LUBLIN_GIVEN("motherGivenName", "Mother's given name"),
      VOLHYNIAN_PLACE("Birth place"),
    ],
    resultColumns: [
      { name: "act", label: "Act" },
      { name: "surnameForms", label: "Surname (Cyrillic / German)" },
      { name: "givenNameForms", label: "Given name (Cyrillic / German)" },
      { name: "fatherForms", label: "Father" },
      { name: "motherForms", label: "Mother" },
      { name: "placeForms", label: "Birth place" },
    ],
    detailFields: [
      { name: "surname", label: "Surname (as written)" },
      { name: "surnameDe", label: "Surname (Germanised)" },
      { name: "givenName", label: "Given name (as written)" },
      { name: "givenNameDe", label: "Given name (Germanised)" },
      { name: "birthDate", label: "Birth date" },
      { name: "baptismDate", label: "Baptism date" },
      { name: "placeForms", label: "Birth place" },
      { name: "fatherForms", label: "Father" },
      { name: "motherForms", label: "Mother" },
      { name: "godfather", label: "Godfather" },
      { name: "godmother", label: "Godmother" },
      { name: "parish", label: "Parish" },
      { name: "remarks", label: "Remarks" },
    ],
    sourceFields: VOLHYNIAN_SOURCE,
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surnameDe ?? d.surname, d.givenNameDe ?? d.givenName),
    roles: [{ label: "as the child", surname: "surname", givenName: "givenName" }],
  },
  {
    id: "volhynian-death",
    code: 8,
    basePath: "/members/volhynian/death",
    title: "Volhynian Lutheran deaths",
    shortTitle: "Deaths",
    group: VOLHYNIAN_GROUP,
    description: volhynianDescription("Deaths and burials"),
    access: "members",
    recordKind: "death",
    years: VOLHYNIAN_YEARS,
    searchFields: [
      LUBLIN_SURNAME("surname", "Surname", "name1"),
      LUBLIN_GIVEN("givenName", "Given name", "given1"),
      LUBLIN_GIVEN("spouseGivenName", "Spouse's given name"),
      VOLHYNIAN_PLACE("Place"),
    ],
    resultColumns: [
      { name: "act", label: "Act" },
      { name: "surnameForms", label: "Surname (Cyrillic / German)" },
      { name: "givenNameForms", label: "Given name (Cyrillic / German)" },
      { name: "age", label: "Age" },
      { name: "status", label: "Status" },
      { name: "placeForms", label: "Place" },
    ],
    detailFields: [
      { name: "surname", label: "Surname (as written)" },
      { name: "surnameDe", label: "Surname (Germanised)" },
      { name: "givenName", label: "Given name (as written)" },
      { name: "givenNameDe", label: "Given name (Germanised)" },
      { name: "deathDate", label: "Death date" },
      { name: "age", label: "Age" },
      { name: "status", label: "Status" },
      { name: "spouse", label: "Spouse" },
      { name: "birthplace", label: "Birthplace" },
      { name: "placeForms", label: "Place" },
      { name: "buried", label: "Place buried" },
      { name: "cause", label: "Cause of death" },
      { name: "parish", label: "Parish" },
    ],
    sourceFields: VOLHYNIAN_SOURCE,
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surnameDe ?? d.surname, d.givenNameDe ?? d.givenName),
    roles: [{ label: "as the deceased", surname: "surname", givenName: "givenName" }],
  },
  {
    id: "volhynian-marriage",
    code: 9,
    basePath: "/members/volhynian/marriage",
    title: "Volhynian Lutheran marriages",
    shortTitle: "Marriages",
    group: VOLHYNIAN_GROUP,
    description: volhynianDescription("Marriages"),
    access: "members",
    recordKind: "marriage",
    years: VOLHYNIAN_YEARS,
    searchFields: [
      LUBLIN_SURNAME("groomSurname", "Groom's surname", "name1"),
      LUBLIN_GIVEN("groomGivenName", "Groom's given name", "given1"),
      LUBLIN_SURNAME("brideSurname", "Bride's surname", "name2"),
      LUBLIN_GIVEN("brideGivenName", "Bride's given name", "given2"),
      VOLHYNIAN_PLACE("Place"),
    ],
    resultColumns: [
      { name: "act", label: "Act" },
      { name: "groomForms", label: "Groom (Cyrillic / German)" },
      { name: "brideForms", label: "Bride (Cyrillic / German)" },
      { name: "placeForms", label: "Place" },
    ],
    detailFields: [
      { name: "groomSurname", label: "Groom's surname (as written)" },
      { name: "groomSurnameDe", label: "Groom's surname (Germanised)" },
      { name: "groomGivenName", label: "Groom's given name (as written)" },
      { name: "groomGivenNameDe", label: "Groom's given name (Germanised)" },
      { name: "groomAge", label: "Groom's age" },
      { name: "brideSurname", label: "Bride's surname (as written)" },
      { name: "brideSurnameDe", label: "Bride's surname (Germanised)" },
      { name: "brideGivenName", label: "Bride's given name (as written)" },
      { name: "brideGivenNameDe", label: "Bride's given name (Germanised)" },
      { name: "brideAge", label: "Bride's age" },
      { name: "marriageDate", label: "Marriage date" },
      { name: "placeForms", label: "Place" },
      { name: "parish", label: "Parish" },
      { name: "remarks", label: "Remarks" },
    ],
    sourceFields: VOLHYNIAN_SOURCE,
    defaultSort: ["year", "groomSurname"],
    subject: (d) =>
      `${personName(d.groomSurnameDe ?? d.groomSurname, d.groomGivenNameDe ?? d.groomGivenName)} and ${personName(d.brideSurnameDe ?? d.brideSurname, d.brideGivenNameDe ?? d.brideGivenName)}`,
    roles: [
      { label: "as the groom", surname: "groomSurname", givenName: "groomGivenName" },
      { label: "as the bride", surname: "brideSurname", givenName: "brideGivenName" },
    ],
  },
];

export const ODESSA_COLLECTIONS: readonly CollectionDef[] = [
  {
    id: "odessa-stpete",
    code: 10,
    basePath: "/members/odessa-stpete",
    title: "Odessa / St. Petersburg film index",
    shortTitle: "Odessa film index",
    group: INDEXES_GROUP,
    description:
      "A name index to the Odessa consistory district's entries in the St. Petersburg Lutheran Consistory duplicates on FHL microfilm (Odessa, Glückstal, Kassel, Hoffnungstal, Sarata, Tarutino and their colonies), 1834–1885: each entry points to the film and item, the register and the page.",
    access: "members",
    recordKind: "index",
    years: { from: 1834, to: 1885, missing: [] },
    searchFields: [
      field("surname", "Surname", "surname", "name1"),
      field("givenName", "Given name", "givenName", "given1"),
      field("film", "Film", "code"),
      field("register", "Register", "code"),
      // "page" is the results page's parameter: the film's page is searched as filmPage.
      field("filmPage", "Page", "code", undefined, ["page"]),
    ],
    resultColumns: [
      { name: "filmItem", label: "Film / item" },
      { name: "register", label: "Register" },
      { name: "page", label: "Page" },
      { name: "names", label: "Names" },
      { name: "place", label: "Place" },
    ],
    detailFields: [
      { name: "surname", label: "Surname" },
      { name: "givenName", label: "Given name" },
      { name: "event", label: "Entry" },
      { name: "names", label: "Names" },
      { name: "place", label: "Place" },
      { name: "parish", label: "Parish" },
      { name: "remarks", label: "Remarks" },
    ],
    sourceFields: [
      { name: "source", label: "Source" },
      { name: "filmItem", label: "Film / item" },
      { name: "register", label: "Register" },
      { name: "page", label: "Page" },
    ],
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surname, d.givenName),
    roles: [{ label: "as the person indexed", surname: "surname", givenName: "givenName" }],
  },
];

export const RECORD_TYPES = [
  { value: "B", label: "Birth or baptism" },
  { value: "M", label: "Marriage" },
  { value: "D", label: "Death or burial" },
] as const;

export const PARISH_INDEX_COLLECTIONS: readonly CollectionDef[] = [
  {
    id: "parish-records-idx",
    code: 11,
    basePath: "/members/parish-records-idx",
    title: "Parish records index",
    shortTitle: "Parish records index",
    group: INDEXES_GROUP,
    description:
      "Names extracted by volunteers from the registers of Polish and Volhynian parishes, 1808–1905: each entry gives the person, the record type, the year, the spouse and the parish, and points to the act, the film and the page.",
    access: "members",
    recordKind: "index",
    years: { from: 1808, to: 1905, missing: [] },
    searchFields: [
      field("surname", "Surname", "surname", "name1"),
      field("givenName", "Given name", "givenName", "given1"),
      choiceField("recordType", "Record type", RECORD_TYPES),
      field("spouse", "Spouse's surname", "surname", "name2", ["spouseSurname"]),
      field("parish", "Parish", "parish", "parish"),
      field("extractor", "Extractor", "parish"),
    ],
    resultColumns: [
      { name: "recordTypeLabel", label: "Type" },
      { name: "surname", label: "Surname" },
      { name: "givenName", label: "Given name" },
      { name: "spouse", label: "Spouse" },
      { name: "parish", label: "Parish" },
      { name: "act", label: "Act" },
      { name: "film", label: "Film" },
      { name: "page", label: "Page" },
      { name: "extractor", label: "Extractor" },
    ],
    detailFields: [
      { name: "surname", label: "Surname" },
      { name: "givenName", label: "Given name" },
      { name: "recordTypeLabel", label: "Record type" },
      { name: "spouse", label: "Spouse" },
      { name: "parish", label: "Parish" },
      { name: "extractor", label: "Extractor" },
    ],
    sourceFields: [
      { name: "parish", label: "Parish" },
      { name: "act", label: "Act number" },
      { name: "film", label: "Film" },
      { name: "page", label: "Page" },
    ],
    defaultSort: ["year", "surname"],
    subject: (d) => personName(d.surname, d.givenName),
    roles: [{ label: "as the person indexed", surname: "surname", givenName: "givenName" }],
  },
];

export const COLLECTIONS: readonly CollectionDef[] = [
  ...ST_PETE_COLLECTIONS,
  ...LUBLIN_COLLECTIONS,
  ...VOLHYNIAN_COLLECTIONS,
  ...ODESSA_COLLECTIONS,
  ...PARISH_INDEX_COLLECTIONS,
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
