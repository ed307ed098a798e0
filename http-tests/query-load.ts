import { getCollection } from "~/search/collections";
import { timed } from "./watch";

/**
 * The load of issue 26's probe, shared by http-tests/query-resources.test.ts and `npm run bench:queries`: the four
 * broad searches (one letter "contains" in five fields, letters a, e, i, o), administrators' exports of a whole
 * collection (the watchers that time light pages meanwhile are http-tests/watch.ts).
 */
export const births = getCollection("stpete-birth")!;
export const PROBE_LETTERS = ["a", "e", "i", "o"] as const;
const PROBE_FIELDS = ["surname", "givenName", "place", "fatherGivenName", "motherGivenName"];

export function probeSearchPath(letter: string): string {
  return `${births.basePath}/search?${PROBE_FIELDS.map((f) => `${f}=${letter}&${f}Mode=contains`).join("&")}`;
}

export const probeSearch = (base: string, letter: string) =>
  timed(`search ${letter}`, base + probeSearchPath(letter), {});

export const adminExport = (base: string, cookie: string) =>
  timed("export", `${base}/members/admin/exports/${births.id}`, { Cookie: cookie });
