/**
 * What collections of different groups declare alike, as data: the kinds of act (who a record is about, how it
 * sorts, whom a unified search finds in it), the names searched on a marriage, and names kept as written and
 * Germanised. Relative imports only, like fields.ts (the route config reads the collections).
 */
import { type CollectionDef, type DisplayField, type SearchField, type SortColumn, personName } from "./fields";

type Role = CollectionDef["roles"][number];
type Act = Pick<CollectionDef, "defaultSort" | "subject" | "roles">;

// `key` names the role's words in the `search` catalogs (`roles.child`); the label is the English.
const role = (key: string, label: string, surname = "surname", givenName = "givenName"): Role => ({
  key,
  label,
  surname,
  givenName,
});

export const ROLES = {
  child: role("child", "as the child"),
  deceased: role("deceased", "as the deceased"),
  indexed: role("indexed", "as the person indexed"),
  mother: role("mother", "as the mother (maiden name)", "motherMaidenName", "motherGivenName"),
  groom: role("groom", "as the groom", "groomSurname", "groomGivenName"),
  bride: role("bride", "as the bride", "brideSurname", "brideGivenName"),
} as const;

/** An act about one person (a birth, a death, an index entry): by year and surname, titled with the person's name. */
export function personAct(...roles: Role[]): Act {
  return { defaultSort: ["year", "surname"], subject: (d) => personName(d.surname, d.givenName), roles };
}

/** A marriage: by year and the groom's surname, titled with the couple's names. */
export const MARRIAGE_ACT: Act = {
  defaultSort: ["year", "groomSurname"],
  subject: (d) => `${personName(d.groomSurname, d.groomGivenName)} and ${personName(d.brideSurname, d.brideGivenName)}`,
  roles: [ROLES.groom, ROLES.bride],
};

/** Makes a search field of one kind of name (a surname, a given name) from its record field and label. */
export type NameField = (name: string, label: string, sortColumn?: SortColumn) => SearchField;

/** The person's surname and given name, the sorting fields of a birth or a death. */
export const personSearch = (surname: NameField, given: NameField): SearchField[] => [
  surname("surname", "Surname", "name1"),
  given("givenName", "Given name", "given1"),
];

/** The parents' given names of a birth. */
export const parentsSearch = (given: NameField): SearchField[] => [
  given("fatherGivenName", "Father's given name"),
  given("motherGivenName", "Mother's given name"),
];

/** The groom's and the bride's names on a marriage, each sorting. */
export const coupleSearch = (surname: NameField, given: NameField): SearchField[] => [
  surname("groomSurname", "Groom's surname", "name1"),
  given("groomGivenName", "Groom's given name", "given1"),
  surname("brideSurname", "Bride's surname", "name2"),
  given("brideGivenName", "Bride's given name", "given2"),
];

/** A groom's or a bride's names as the register wrote them and Germanised (Lublin, Volhynia): `groom`, "Groom's". */
export function asWrittenAndGermanised(who: string, whose: string): DisplayField[] {
  return [
    [`${who}Surname`, `${whose} surname`],
    [`${who}GivenName`, `${whose} given name`],
  ].flatMap(([name, label]) => [
    { name: name!, label: `${label} (as written)` },
    { name: `${name}De`, label: `${label} (Germanised)` },
  ]);
}
