import {
  AS_WRITTEN_AND_GERMANISED,
  type CollectionDef,
  type DisplayField,
  type SortColumn,
  field,
  personName,
} from "./fields";
import { LUBLIN_GROUP } from "./groups";

// Lublin (members): acts of the Lutheran parishes of the Lublin governorate,
// 1826–1900. Every name is given as written (Polish until 1868, Russian
// after, transliterated) and in its Germanised form; a search finds either.
const LUBLIN_YEARS = { from: 1826, to: 1900, missing: [] } as const;
const LUBLIN_SOURCE: readonly DisplayField[] = [
  { name: "archive", label: "Archive" },
  { name: "fond", label: "Fond" },
  { name: "parish", label: "Parish" },
  { name: "registerYear", label: "Register year" },
  { name: "act", label: "Act number" },
];
export const LUBLIN_SURNAME = (name: string, label: string, sortColumn?: SortColumn) =>
  field(name, label, "surname", sortColumn, [name, `${name}De`]);
export const LUBLIN_GIVEN = (name: string, label: string, sortColumn?: SortColumn) =>
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
      ...AS_WRITTEN_AND_GERMANISED,
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
      ...AS_WRITTEN_AND_GERMANISED,
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
