import type { MatchMode } from "~/names/match-modes";
import { type CollectionDef, getCollection } from "./collections";

/**
 * The fixed query set of bench:search and of the statements' count (statements.server.test.ts): common, middling
 * and rare names, per mode, then combined searches. `collection` defaults to the St. Petersburg births.
 */
export const SEARCH_QUERY_SET: Record<
  string,
  { mode: MatchMode; params: Record<string, string>[]; collection?: CollectionDef }
> = {
  exact: {
    mode: "exact",
    params: ["Schmidt", "Müller", "Radke", "Kowalski", "Ziebart"].map((s) => ({ surname: s, surnameMode: "exact" })),
  },
  normalized: {
    mode: "normalized",
    params: ["Schmidt", "Muller", "Radke", "Kowalski", "Ziebart"].map((s) => ({
      surname: s,
      surnameMode: "normalized",
    })),
  },
  starts: {
    mode: "starts",
    params: ["Schm", "Mü", "Rad", "Kow", "Zieb"].map((s) => ({ surname: s, surnameMode: "starts" })),
  },
  contains: {
    mode: "contains",
    params: ["chmi", "ller", "adk", "owals", "ebar"].map((s) => ({ surname: s, surnameMode: "contains" })),
  },
  sounds: {
    mode: "sounds",
    params: ["Schmidt", "Miller", "Szulc", "Kowalski", "Ziebart"].map((s) => ({ surname: s })),
  },
  variants: {
    mode: "variants",
    params: ["Johann", "Anna", "Gottlieb", "Katharina", "Wilhelm"].map((s) => ({ givenName: s })),
  },
  "sounds+variants+years": {
    mode: "sounds",
    params: [
      { surname: "Schmidt", givenName: "Johann", yearFrom: "1850", yearTo: "1870" },
      { surname: "Miller", givenName: "Anna", yearFrom: "1840", yearTo: "1860" },
      { surname: "Radke", givenName: "Gottlieb" },
      { surname: "Kowalski", givenName: "Jan", parish: "Zhitomir" },
      { surname: "Ziebart", givenName: "Wilhelm", yearFrom: "1833", yearTo: "1885" },
    ],
  },
  // A child found by the parents: surname sounds-like, father's and mother's given names, mother's maiden name.
  parents: {
    mode: "sounds",
    params: [
      { surname: "Schmidt", fatherGivenName: "Johann", motherGivenName: "Anna" },
      { surname: "Miller", fatherGivenName: "Gottlieb", motherMaidenName: "Schulz" },
      { surname: "Radke", fatherGivenName: "Wilhelm", motherGivenName: "Katharina", yearFrom: "1850", yearTo: "1880" },
      { surname: "Kowalski", motherGivenName: "Maria", motherMaidenName: "Nowak" },
      { surname: "Ziebart", fatherGivenName: "Friedrich", motherMaidenName: "Krüger" },
    ],
  },
  // A couple in the marriages: both surnames sound-alike, given names as variants.
  spouse: {
    mode: "sounds",
    collection: getCollection("stpete-marriage")!,
    params: [
      { groomSurname: "Schmidt", brideSurname: "Müller" },
      { groomSurname: "Schmidt", groomGivenName: "Johann", brideGivenName: "Anna" },
      { groomSurname: "Radke", brideSurname: "Krüger", yearFrom: "1840", yearTo: "1870" },
      { groomGivenName: "Gottlieb", brideSurname: "Kowalski" },
      { groomSurname: "Ziebart", brideGivenName: "Wilhelmine" },
    ],
  },
};
