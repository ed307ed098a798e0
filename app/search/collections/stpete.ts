import { type CollectionDef, type DisplayField, type SearchField, field, withAfter } from "./fields";
import { MARRIAGE_ACT, type NameField, ROLES, coupleSearch, parentsSearch, personAct, personSearch } from "./parts";
import { ST_PETE_GROUP } from "./groups";

// St. Petersburg (public): the duplicate registers the Lutheran parishes sent to the St. Petersburg Consistory.
const ST_PETE_YEARS = { from: 1833, to: 1885, missing: [1842, 1849, 1870] } as const;
const ST_PETE_SOURCE: readonly DisplayField[] = [
  { name: "film", label: "Film" },
  { name: "register", label: "Register" },
  { name: "page", label: "Page" },
];

const SURNAME: NameField = (name, label, sortColumn) => field(name, label, "surname", sortColumn);
const GIVEN: NameField = (name, label, sortColumn) => field(name, label, "givenName", sortColumn);

const BIRTH_DEATH_FIELDS: readonly SearchField[] = [
  ...personSearch(SURNAME, GIVEN),
  ...parentsSearch(GIVEN),
  SURNAME("motherMaidenName", "Mother's maiden name"),
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

export const ST_PETE_COLLECTIONS: readonly CollectionDef[] = [
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
    ...personAct(ROLES.child, ROLES.mother),
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
    ...personAct(ROLES.deceased, ROLES.mother),
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
      ...coupleSearch(SURNAME, GIVEN),
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
    ...MARRIAGE_ACT,
  },
];
