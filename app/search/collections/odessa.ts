import { type CollectionDef, field } from "./fields";
import { ROLES, personAct } from "./parts";
import { INDEXES_GROUP } from "./groups";

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
    ...personAct(ROLES.indexed),
  },
];
