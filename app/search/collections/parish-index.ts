import { type CollectionDef, choiceField, field } from "./fields";
import { ROLES, personAct } from "./parts";
import { INDEXES_GROUP } from "./groups";

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
    ...personAct(ROLES.indexed),
  },
];
