import { AS_WRITTEN_AND_GERMANISED, type CollectionDef, type DisplayField, field, personName } from "./fields";
import { VOLHYNIAN_GROUP } from "./groups";
import { LUBLIN_GIVEN, LUBLIN_SURNAME } from "./lublin";
import { MARRIAGE_ACT, ROLES, asWrittenAndGermanised, coupleSearch } from "./parts";
import { parentsSearch, personAct, personSearch } from "./parts";

// Volhynia (members): church books of the Lutheran parishes of Volhynia,
// 1900–1918, in the State Archive of Zhytomyr Oblast, written in Russian.
// Every name is given in Cyrillic as written and in its Germanised form
// (Иоганн Шмидт / Johann Schmidt); a search in Latin letters finds either.
const VOLHYNIAN_YEARS = { from: 1900, to: 1918, missing: [] } as const;
const VOLHYNIAN_SOURCE: readonly DisplayField[] = [
  { name: "archive", label: "Archive" },
  { name: "book", label: "Church book" },
  { name: "page", label: "Page" },
  { name: "act", label: "Act number" },
];
const VOLHYNIAN_PLACE = (label: string) => field("place", label, "place", "place", ["place", "placeRu"]);
/** Titled with the Germanised names, which the members read. */
const germanisedSubject: CollectionDef["subject"] = (d) =>
  personName(d.surnameDe ?? d.surname, d.givenNameDe ?? d.givenName);
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
      ...personSearch(LUBLIN_SURNAME, LUBLIN_GIVEN),
      ...parentsSearch(LUBLIN_GIVEN),
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
      ...AS_WRITTEN_AND_GERMANISED,
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
    ...personAct(ROLES.child),
    subject: germanisedSubject,
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
      ...personSearch(LUBLIN_SURNAME, LUBLIN_GIVEN),
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
      ...AS_WRITTEN_AND_GERMANISED,
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
    ...personAct(ROLES.deceased),
    subject: germanisedSubject,
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
    searchFields: [...coupleSearch(LUBLIN_SURNAME, LUBLIN_GIVEN), VOLHYNIAN_PLACE("Place")],
    resultColumns: [
      { name: "act", label: "Act" },
      { name: "groomForms", label: "Groom (Cyrillic / German)" },
      { name: "brideForms", label: "Bride (Cyrillic / German)" },
      { name: "placeForms", label: "Place" },
    ],
    detailFields: [
      ...asWrittenAndGermanised("groom", "Groom's"),
      { name: "groomAge", label: "Groom's age" },
      ...asWrittenAndGermanised("bride", "Bride's"),
      { name: "brideAge", label: "Bride's age" },
      { name: "marriageDate", label: "Marriage date" },
      { name: "placeForms", label: "Place" },
      { name: "parish", label: "Parish" },
      { name: "remarks", label: "Remarks" },
    ],
    sourceFields: VOLHYNIAN_SOURCE,
    ...MARRIAGE_ACT,
    subject: (d) =>
      `${personName(d.groomSurnameDe ?? d.groomSurname, d.groomGivenNameDe ?? d.groomGivenName)} and ${personName(d.brideSurnameDe ?? d.brideSurname, d.brideGivenNameDe ?? d.brideGivenName)}`,
  },
];
