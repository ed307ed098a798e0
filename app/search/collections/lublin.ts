import { AS_WRITTEN_AND_GERMANISED, type CollectionDef, type DisplayField, type SortColumn, field } from "./fields";
import { LUBLIN_GROUP } from "./groups";
import { MARRIAGE_ACT, ROLES, asWrittenAndGermanised, coupleSearch } from "./parts";
import { parentsSearch, personAct, personSearch } from "./parts";

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
      ...personSearch(LUBLIN_SURNAME, LUBLIN_GIVEN),
      ...parentsSearch(LUBLIN_GIVEN),
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
    ...personAct(ROLES.child, ROLES.mother),
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
      ...personSearch(LUBLIN_SURNAME, LUBLIN_GIVEN),
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
    ...personAct(ROLES.deceased),
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
    searchFields: [...coupleSearch(LUBLIN_SURNAME, LUBLIN_GIVEN), field("place", "Village", "place", "place")],
    resultColumns: [
      { name: "act", label: "Act" },
      { name: "groomForms", label: "Groom (Polish / German)" },
      { name: "brideForms", label: "Bride (Polish / German)" },
      { name: "place", label: "Village" },
    ],
    detailFields: [
      ...asWrittenAndGermanised("groom", "Groom's"),
      { name: "groomAge", label: "Groom's age" },
      { name: "groomParents", label: "Parents of the groom" },
      ...asWrittenAndGermanised("bride", "Bride's"),
      { name: "brideAge", label: "Bride's age" },
      { name: "brideParents", label: "Parents of the bride" },
      { name: "place", label: "Village" },
      { name: "language", label: "Language of the act" },
      { name: "notes", label: "Notes" },
    ],
    sourceFields: LUBLIN_SOURCE,
    ...MARRIAGE_ACT,
  },
];

// Volhynia (members): church books of the Lutheran parishes of Volhynia,
// 1900–1918, in the State Archive of Zhytomyr Oblast, written in Russian.
// Every name is given in Cyrillic as written and in its Germanised form
