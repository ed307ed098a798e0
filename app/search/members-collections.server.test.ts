import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { DEFAULT_DEMO_SEED } from "~/demo/generator";
import { generateLublinRecords } from "~/demo/lublin";
import { generateOdessaRecords } from "~/demo/odessa";
import { generateParishIndexRecords } from "~/demo/parish-index";
import { generateVolhynianRecords } from "~/demo/volhynian";
import { demoSizes } from "~/demo/seed.server";
import { romanize } from "~/names/romanize";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { getRequest, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { callRoute } from "~/testing/server-build";

/**
 * The members' record collections (Lublin, Volhynian, the Odessa film index,
 * the parish records index) over the real loaders, guard and database
 * (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): one table with a
 * row per collection. Each row says where its demo records were seeded, and
 * lists its own cases: members search them in every mode the collection
 * offers, open and export them. The guard's refusals are in the route-table
 * guard test and e2e/guard.spec.ts.
 */
const SEED_RECORDS = 1500;
const PASSWORD = "correct horse battery staple";
const q = encodeURIComponent;

/** Database ids follow the order of the first-start seed: St. Petersburg, Lublin, Volhynian, Odessa, parish index. */
const SIZES = demoSizes(SEED_RECORDS);
const size = (set: "lublin" | "volhynian" | "odessa" | "parish-index") => SIZES.get(set) ?? 0;
const LUBLIN_FIRST_ID = SEED_RECORDS + 1;
const VOLHYNIAN_FIRST_ID = LUBLIN_FIRST_ID + size("lublin");
const ODESSA_FIRST_ID = VOLHYNIAN_FIRST_ID + size("volhynian");
const PARISH_FIRST_ID = ODESSA_FIRST_ID + size("odessa");

interface SearchBody {
  result: {
    total: number;
    rows: { id: number; href: string; cells: string[]; details: { label: string; value: string }[] }[];
  };
}

type Outcome = Awaited<ReturnType<typeof outcome>>;

/** What every row's cases get: the loaders, called as a signed-in member (or a visitor, with `null`). */
interface Harness {
  cookie(who: string | null): string | null;
  search(url: string, who: string | null): Promise<Outcome>;
  record(path: string, id: number, who: string | null): Promise<Outcome>;
  csv(url: string, who: string | null): Promise<Outcome>;
  /** The ids a member's search finds (and that it answered 200). */
  ids(url: string, who: string): Promise<number[]>;
}

interface CollectionRow {
  title: string;
  /** The active member account the row's cases sign in as. */
  member: string;
  seeded: {
    title: string;
    /** The collection numbers in `records`. */
    collections: number[];
    count: number;
    firstId: number;
    /** The collection of the first seeded record, where the generator fixes it. */
    firstCollection?: number;
    /** The collection's share of the St. Petersburg seed, or a range for its share of everything seeded. */
    share: { ofSeed: number } | { ofAll: [number, number] };
  };
  cases(h: Harness): [title: string, run: () => Promise<void>][];
}

const lublin = [...generateLublinRecords({ seed: DEFAULT_DEMO_SEED, count: size("lublin") })];
const volhynian = [...generateVolhynianRecords({ seed: DEFAULT_DEMO_SEED, count: size("volhynian") })];
const odessa = [...generateOdessaRecords({ seed: DEFAULT_DEMO_SEED, count: size("odessa") })];
const records = [...generateParishIndexRecords({ seed: DEFAULT_DEMO_SEED, count: size("parish-index") })];

const COLLECTIONS: CollectionRow[] = [
  {
    title: "Lublin members' collections",
    member: "lublin-member",
    seeded: {
      title: "seeds the Lublin demo records after the St. Petersburg ones",
      collections: [4, 5, 6],
      count: lublin.length,
      firstId: LUBLIN_FIRST_ID,
      share: { ofAll: [0.1, 0.15] },
    },
    cases({ search, record: open, cookie }) {
      const idOf = (i: number) => LUBLIN_FIRST_ID + i;
      const firstBirth = lublin.findIndex(
        (r) => r.collection === "lublin-birth" && r.fields.surname !== r.fields.surnameDe,
      );
      const birth = lublin[firstBirth];
      const firstMarriage = lublin.findIndex((r) => r.collection === "lublin-marriage");
      const marriage = lublin[firstMarriage];
      const record = (id: number, kind: string, who: string | null) =>
        open(`/members/lublin/${kind}/record/${id}`, id, who);
      return [
        [
          "lets a member search births by a surname's sound and find both name forms and the act number",
          async () => {
            const url = `/members/lublin/birth/search?surname=${encodeURIComponent(birth.fields.surname!)}&surnameMode=sounds&perPage=50`;
            const { status, body } = await search(url, "lublin-member");
            expect(status).toBe(200);
            const rows = (body as SearchBody).result.rows;
            const row = rows.find((r) => r.id === idOf(firstBirth));
            expect(row, "the first Lublin birth is found").toBeDefined();
            // The result's link carries the search, so the record page can say why it matched.
            expect(row!.href.split("?")[0]).toBe(`/members/lublin/birth/record/${idOf(firstBirth)}`);
            expect(new URLSearchParams(row!.href.split("?")[1]).get("q")).toContain("surname=");
            expect(row!.cells[0]).toBe(birth.fields.act);
            expect(row!.cells[1]).toBe(`${birth.fields.surname} / ${birth.fields.surnameDe}`);
            expect(row!.details).toContainEqual({ label: "Act number", value: birth.fields.act });
          },
        ],
        [
          "finds a record by the Germanised form of its surname and by another language's given name",
          async () => {
            const byGerman = await search(
              `/members/lublin/birth/search?surname=${encodeURIComponent(birth.fields.surnameDe!)}&surnameMode=exact&perPage=50`,
              "lublin-member",
            );
            expect((byGerman.body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(firstBirth));
            const jan = lublin.findIndex((r) => r.collection === "lublin-birth" && r.fields.givenName === "Jan");
            expect(jan).toBeGreaterThanOrEqual(0);
            for (const [value, mode] of [
              ["Johann", "variants"],
              ["Johann", "exact"],
              ["Jan", "exact"],
              ["Iwan", "variants"],
            ]) {
              const { body } = await search(
                `/members/lublin/birth/search?givenName=${value}&givenNameMode=${mode}&surname=${encodeURIComponent(lublin[jan].fields.surname!)}&surnameMode=exact`,
                "lublin-member",
              );
              expect(
                (body as SearchBody).result.rows.map((r) => r.id),
                `${value} ${mode}`,
              ).toContain(idOf(jan));
            }
          },
        ],
        [
          "searches marriages by groom and bride and shows both forms of each",
          async () => {
            const url = `/members/lublin/marriage/search?groomSurname=${encodeURIComponent(marriage.fields.groomSurname!)}&groomSurnameMode=exact&brideGivenName=${encodeURIComponent(marriage.fields.brideGivenNameDe!)}`;
            const { status, body } = await search(url, "lublin-member");
            expect(status).toBe(200);
            const row = (body as SearchBody).result.rows.find((r) => r.id === idOf(firstMarriage));
            expect(row).toBeDefined();
            expect(row!.cells[1]).toContain(marriage.fields.groomSurname);
            expect(row!.details).toContainEqual({ label: "Parents of the groom", value: marriage.fields.groomParents });
          },
        ],
        [
          "searches deaths by father or spouse and by village",
          async () => {
            const i = lublin.findIndex((r) => r.collection === "lublin-death" && r.fields.husbandGivenName);
            const d = lublin[i];
            const { body } = await search(
              `/members/lublin/death/search?fatherOrSpouse=${encodeURIComponent(d.fields.husbandGivenNameDe!)}&place=${encodeURIComponent(d.fields.place!)}&surname=${encodeURIComponent(d.fields.surname!)}&surnameMode=exact`,
              "lublin-member",
            );
            expect((body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(i));
          },
        ],
        [
          "shows a member the record page with both name forms, the act and its source",
          async () => {
            const { status, body } = await record(idOf(firstBirth), "birth", "lublin-member");
            expect(status).toBe(200);
            const page = body as {
              record: { fields: { label: string; value: string }[]; source: { label: string; value: string }[] };
              citation: string;
            };
            expect(page.record.fields).toContainEqual({ label: "Surname (as written)", value: birth.fields.surname });
            expect(page.record.fields).toContainEqual({ label: "Surname (Germanised)", value: birth.fields.surnameDe });
            expect(page.record.source).toContainEqual({ label: "Act number", value: birth.fields.act });
            expect(page.record.source).toContainEqual({ label: "Fond", value: birth.fields.fond });
            expect(page.citation).toContain(`act number ${birth.fields.act}`);
          },
        ],
        [
          "exports a member's search as CSV with both forms and the act number",
          async () => {
            const response = (await callRoute(
              getRequest(
                `/members/lublin/birth/export.csv?surname=${encodeURIComponent(birth.fields.surname!)}&surnameMode=exact`,
                cookie("lublin-member"),
              ),
            )) as Response;
            expect(response.status).toBe(200);
            const text = await response.text();
            expect(text.split("\n")[0]).toContain("surnameDe");
            expect(text).toContain(`/members/lublin/birth/record/${idOf(firstBirth)}`);
            expect(text).toContain(birth.fields.surnameDe);
          },
        ],
      ];
    },
  },
  {
    title: "Volhynian members' collections",
    member: "volhynian-member",
    seeded: {
      title: "seeds the Volhynian demo records after the Lublin ones",
      collections: [7, 8, 9],
      count: volhynian.length,
      firstId: VOLHYNIAN_FIRST_ID,
      firstCollection: 7,
      share: { ofSeed: 0.1 },
    },
    cases({ search, record: open, cookie }) {
      const idOf = (i: number) => VOLHYNIAN_FIRST_ID + i;
      const firstBirth = volhynian.findIndex((r) => r.collection === "volhynian-birth" && r.julianDate);
      const birth = volhynian[firstBirth];
      const firstMarriage = volhynian.findIndex((r) => r.collection === "volhynian-marriage");
      const marriage = volhynian[firstMarriage];
      const record = (id: number, kind: string, who: string | null) =>
        open(`/members/volhynian/${kind}/record/${id}`, id, who);
      return [
        [
          "finds a Cyrillic record by a Latin surname in every match mode",
          async () => {
            const latin = birth.fields.surnameDe!;
            for (const [value, mode] of [
              [latin, "sounds"],
              [latin, "exact"],
              [latin.toLowerCase(), "normalized"],
              [latin.slice(0, 3), "starts"],
              [latin.slice(1, 4), "contains"],
              [birth.fields.surname!, "exact"],
            ]) {
              const url = `/members/volhynian/birth/search?surname=${q(value)}&surnameMode=${mode}&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`;
              const { status, body } = await search(url, "volhynian-member");
              expect(status, `${value} ${mode}`).toBe(200);
              expect(
                (body as SearchBody).result.rows.map((r) => r.id),
                `${value} ${mode}`,
              ).toContain(idOf(firstBirth));
            }
          },
        ],
        [
          "finds by a transliterated spelling with sounds-like, and a given name by its variants",
          async () => {
            // Шмидт typed as a Russian transliteration, Иоганн as Iwan/Johannes.
            const i = volhynian.findIndex(
              (r) =>
                r.collection === "volhynian-birth" &&
                r.fields.surnameDe === "Schmidt" &&
                r.fields.givenName === "Иоганн",
            );
            expect(i).toBeGreaterThanOrEqual(0);
            for (const [param, value, mode] of [
              ["surname", "Shmidt", "sounds"],
              ["givenName", "Johannes", "variants"],
              ["givenName", "Iwan", "variants"],
              ["givenName", "Johann", "exact"],
            ]) {
              const extra = param === "surname" ? "" : "&surname=Schmidt&surnameMode=exact";
              const { body } = await search(
                `/members/volhynian/birth/search?${param}=${q(value)}&${param}Mode=${mode}${extra}&yearFrom=${volhynian[i].date.year}&yearTo=${volhynian[i].date.year}&perPage=50`,
                "volhynian-member",
              );
              expect(
                (body as SearchBody).result.rows.map((r) => r.id),
                `${value} ${mode}`,
              ).toContain(idOf(i));
            }
          },
        ],
        [
          "shows a search row with the act, both scripts and both calendars' details",
          async () => {
            const url = `/members/volhynian/birth/search?surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`;
            const row = ((await search(url, "volhynian-member")).body as SearchBody).result.rows.find(
              (r) => r.id === idOf(firstBirth),
            )!;
            expect(row.href.split("?")[0]).toBe(`/members/volhynian/birth/record/${idOf(firstBirth)}`);
            expect(row.cells[0]).toBe(birth.fields.act);
            expect(row.cells[1]).toBe(`${birth.fields.surname} / ${birth.fields.surnameDe}`);
            expect(row.cells[5]).toBe(`${birth.fields.placeRu} / ${birth.fields.place}`);
            expect(row.details).toContainEqual({ label: "Baptism date", value: birth.fields.baptismDate });
          },
        ],
        [
          "searches places in Latin letters or Cyrillic, deaths by spouse, marriages by groom and bride",
          async () => {
            const byPlace = await search(
              `/members/volhynian/birth/search?place=${q(birth.fields.place!)}&surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`,
              "volhynian-member",
            );
            expect((byPlace.body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(firstBirth));
            const byCyrillicPlace = await search(
              `/members/volhynian/birth/search?place=${q(birth.fields.placeRu!)}&surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`,
              "volhynian-member",
            );
            expect((byCyrillicPlace.body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(firstBirth));
            const i = volhynian.findIndex((r) => r.collection === "volhynian-death" && r.fields.spouseGivenName);
            const d = volhynian[i];
            const byDeath = await search(
              `/members/volhynian/death/search?spouseGivenName=${q(d.fields.spouseGivenNameDe!)}&surname=${q(d.fields.surnameDe!)}&surnameMode=exact&place=${q(d.fields.place!)}`,
              "volhynian-member",
            );
            const deathRow = (byDeath.body as SearchBody).result.rows.find((r) => r.id === idOf(i));
            expect(deathRow).toBeDefined();
            expect(deathRow!.details).toContainEqual({ label: "Cause of death", value: d.fields.cause });
            expect(deathRow!.details).toContainEqual({ label: "Place buried", value: d.fields.buried });
            const byMarriage = await search(
              `/members/volhynian/marriage/search?groomSurname=${q(marriage.fields.groomSurnameDe!)}&groomSurnameMode=sounds&brideGivenName=${q(marriage.fields.brideGivenNameDe!)}&perPage=50`,
              "volhynian-member",
            );
            const m = (byMarriage.body as SearchBody).result.rows.find((r) => r.id === idOf(firstMarriage));
            expect(m).toBeDefined();
            expect(m!.cells[1]).toBe(
              `${marriage.fields.groomGivenName} ${marriage.fields.groomSurname} / ${marriage.fields.groomGivenNameDe} ${marriage.fields.groomSurnameDe}`,
            );
          },
        ],
        [
          "shows a member the record page with both scripts, both calendars, godparents and the church book",
          async () => {
            const { status, body } = await record(idOf(firstBirth), "birth", "volhynian-member");
            expect(status).toBe(200);
            const page = body as {
              record: {
                date: string;
                julianDate: string | null;
                fields: { label: string; value: string }[];
                source: { label: string; value: string }[];
              };
              citation: string;
            };
            expect(page.record.julianDate).toBeTruthy();
            // The name as written in Cyrillic with its hint in the reader's Latin letters (decision 0074); the values the
            // record already gives in both scripts ("Иоганн Шмидт / Johann Schmidt") without one.
            expect(page.record.fields).toContainEqual({
              label: "Surname (as written)",
              value: birth.fields.surname,
              script: {
                parts: [{ text: birth.fields.surname, lang: "ru" }],
                latin: romanize(birth.fields.surname!, "english"),
                lang: "en-Latn",
              },
            });
            expect(page.record.fields).toContainEqual({ label: "Surname (Germanised)", value: birth.fields.surnameDe });
            expect(page.record.fields).toContainEqual({ label: "Godfather", value: birth.fields.godfather });
            expect(page.record.fields).toContainEqual({ label: "Godmother", value: birth.fields.godmother });
            expect(page.record.fields).toContainEqual({ label: "Birth date", value: birth.fields.birthDate });
            expect(page.record.source).toContainEqual({ label: "Church book", value: birth.fields.book });
            expect(page.record.source).toContainEqual({ label: "Act number", value: birth.fields.act });
            expect(page.citation).toContain(`Baptism of ${birth.fields.givenNameDe} ${birth.fields.surnameDe}`);
          },
        ],
        [
          "exports a member's search as CSV with both scripts",
          async () => {
            const response = (await callRoute(
              getRequest(
                `/members/volhynian/birth/export.csv?surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}`,
                cookie("volhynian-member"),
              ),
            )) as Response;
            expect(response.status).toBe(200);
            const text = await response.text();
            expect(text).toContain(`/members/volhynian/birth/record/${idOf(firstBirth)}`);
            expect(text).toContain(birth.fields.surname);
            expect(text).toContain(birth.fields.godfather);
          },
        ],
      ];
    },
  },
  {
    title: "Odessa film index",
    member: "odessa-member",
    seeded: {
      title: "seeds the Odessa entries (5 % of the records) after the Volhynian ones",
      collections: [10],
      count: odessa.length,
      firstId: ODESSA_FIRST_ID,
      firstCollection: 10,
      share: { ofSeed: 0.05 },
    },
    cases({ search, record: open, csv, ids: idsOf }) {
      const BASE = "/members/odessa-stpete";
      const idOf = (i: number) => ODESSA_FIRST_ID + i;
      const entry = odessa[0];
      const record = (id: number, who: string | null) => open(`${BASE}/record/${id}`, id, who);
      const ids = (url: string) => idsOf(url, "odessa-member");
      return [
        [
          "finds an entry by surname in every mode, by given-name variants, and by film, register and page",
          async () => {
            const s = entry.fields.surname!;
            for (const [value, mode] of [
              [s, "sounds"],
              [s, "exact"],
              [s, "normalized"],
              [s.slice(0, 3), "starts"],
              [s.slice(1, 4), "contains"],
            ])
              expect(await ids(`${BASE}/search?surname=${q(value)}&surnameMode=${mode}`)).toContain(idOf(0));
            expect(await ids(`${BASE}/search?surname=${q(s)}&givenName=${q(entry.fields.givenName!)}`)).toContain(
              idOf(0),
            );
            const byFilm = `${BASE}/search?film=${entry.fields.film}&register=${entry.fields.register}&filmPage=${entry.fields.page}`;
            const found = await ids(byFilm);
            expect(found).toContain(idOf(0));
            for (const id of found) {
              const i = id - idOf(0);
              expect(odessa[i].fields.film).toBe(entry.fields.film);
              expect(odessa[i].fields.page).toBe(entry.fields.page);
            }
            expect(await ids(`${BASE}/search?film=${entry.fields.film!.slice(0, 4)}&filmMode=starts`)).toContain(
              idOf(0),
            );
          },
        ],
        [
          "shows a member the results row and the record page with film and item, register, page, names, place and source",
          async () => {
            const { body } = await search(
              `${BASE}/search?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
              "odessa-member",
            );
            const row = (body as SearchBody).result.rows.find((r) => r.id === idOf(0))!;
            expect(row.href.split("?")[0]).toBe(`${BASE}/record/${idOf(0)}`);
            expect(row.cells).toContain(`${entry.fields.film} item ${entry.fields.item}`);
            expect(row.cells).toContain(entry.fields.names);
            const { status, body: page } = await record(idOf(0), "odessa-member");
            expect(status).toBe(200);
            const p = page as {
              record: { fields: { label: string; value: string }[]; source: { label: string; value: string }[] };
              citation: string;
            };
            expect(p.record.fields).toContainEqual({ label: "Names", value: entry.fields.names });
            expect(p.record.fields).toContainEqual({ label: "Place", value: entry.fields.place });
            expect(p.record.source).toContainEqual({
              label: "Film / item",
              value: `${entry.fields.film} item ${entry.fields.item}`,
            });
            expect(p.record.source).toContainEqual({ label: "Register", value: entry.fields.register });
            expect(p.record.source).toContainEqual({ label: "Page", value: entry.fields.page });
            expect(p.citation).toContain(`${entry.fields.givenName} ${entry.fields.surname}`);
            const exp = await csv(
              `${BASE}/export.csv?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
              "odessa-member",
            );
            expect(exp.status).toBe(200);
          },
        ],
      ];
    },
  },
  {
    title: "parish records index",
    member: "parish-member",
    seeded: {
      title: "seeds the parish index entries (5 % of the records) after the Odessa ones",
      collections: [11],
      count: records.length,
      firstId: PARISH_FIRST_ID,
      firstCollection: 11,
      share: { ofSeed: 0.05 },
    },
    cases({ search, record: open, csv, ids: idsOf }) {
      const BASE = "/members/parish-records-idx";
      const idOf = (i: number) => PARISH_FIRST_ID + i;
      const entry = records[0];
      const marriedAt = records.findIndex((r) => r.fields.recordType === "M");
      const married = records[marriedAt];
      const record = (id: number, who: string | null) => open(`${BASE}/record/${id}`, id, who);
      const ids = (url: string) => idsOf(url, "parish-member");
      return [
        [
          "finds an entry by surname in every mode, by record type and year, spouse, parish and extractor",
          async () => {
            const s = entry.fields.surname!;
            for (const [value, mode] of [
              [s, "sounds"],
              [s, "exact"],
              [s, "normalized"],
              [s.slice(0, 3), "starts"],
              [s.slice(1, 4), "contains"],
            ])
              expect(await ids(`${BASE}/search?surname=${q(value)}&surnameMode=${mode}`)).toContain(idOf(0));
            const typed = await ids(
              `${BASE}/search?surname=${q(s)}&recordType=${entry.fields.recordType}&yearFrom=${entry.date.year}&yearTo=${entry.date.year}`,
            );
            expect(typed).toContain(idOf(0));
            for (const id of typed) expect(records[id - idOf(0)].fields.recordType).toBe(entry.fields.recordType);
            const other = entry.fields.recordType === "B" ? "D" : "B";
            expect(await ids(`${BASE}/search?surname=${q(s)}&recordType=${other}`)).not.toContain(idOf(0));
            expect(await ids(`${BASE}/search?spouse=${q(married.fields.spouseSurname!)}&spouseMode=exact`)).toContain(
              idOf(marriedAt),
            );
            expect(
              await ids(
                `${BASE}/search?surname=${q(s)}&parish=${q(entry.fields.parish!)}&extractor=${q(entry.fields.extractor!)}`,
              ),
            ).toContain(idOf(0));
            const { status, body } = await search(`${BASE}/search?recordType=Z`, "parish-member");
            expect(status).toBe(400);
            expect((body as { errors: Record<string, string> }).errors.recordType).toBeTruthy();
          },
        ],
        [
          "shows a member the results row and the record page with act, film, page, parish and extractor",
          async () => {
            const { body } = await search(
              `${BASE}/search?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
              "parish-member",
            );
            const row = (body as SearchBody).result.rows.find((r) => r.id === idOf(0))!;
            expect(row.href.split("?")[0]).toBe(`${BASE}/record/${idOf(0)}`);
            expect(row.cells).toEqual(
              expect.arrayContaining([entry.fields.act, entry.fields.film, entry.fields.page, entry.fields.extractor]),
            );
            const { status, body: page } = await record(idOf(0), "parish-member");
            expect(status).toBe(200);
            const p = page as {
              record: { fields: { label: string; value: string }[]; source: { label: string; value: string }[] };
            };
            // The parish is known to the Ukraine map index under its Polish spelling: it links to the place page.
            expect(p.record.fields).toContainEqual({
              label: "Parish",
              value: entry.fields.parish,
              place: { href: expect.stringMatching(/^\/members\/ukraine\/map\/place\/\d+$/), choices: [] },
            });
            expect(p.record.fields).toContainEqual({ label: "Extractor", value: entry.fields.extractor });
            expect(p.record.source).toContainEqual({ label: "Act number", value: entry.fields.act });
            expect(p.record.source).toContainEqual({ label: "Film", value: entry.fields.film });
            expect(p.record.source).toContainEqual({ label: "Page", value: entry.fields.page });
            const exp = await csv(
              `${BASE}/export.csv?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
              "parish-member",
            );
            expect(exp.status).toBe(200);
          },
        ],
      ];
    },
  },
];

for (const dialect of testDialects()) {
  describe(`members' record collections on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: SEED_RECORDS, name: "members-collections" });
    let database: Database;
    const cookies = new Map<string, string>();
    const cookie = (who: string | null) => (who ? cookies.get(who)! : null);
    const search = (url: string, who: string | null) => outcome(() => callRoute(getRequest(url, cookie(who))));
    const harness: Harness = {
      cookie,
      search,
      record: (path, _id, who) => outcome(() => callRoute(getRequest(path, cookie(who)))),
      csv: (url, who) => outcome(() => callRoute(getRequest(url, cookie(who)))),
      async ids(url, who) {
        const { status, body } = await search(url, who);
        expect(status).toBe(200);
        return (body as SearchBody).result.rows.map((r) => r.id);
      },
    };

    beforeAll(async () => {
      database = runtime.database;
      for (const { member } of COLLECTIONS) {
        const { cookie } = await signedInAccount(database, member, { password: PASSWORD, status: "active" });
        cookies.set(member, cookie);
      }
    }, 120_000);

    for (const collection of COLLECTIONS) {
      describe(collection.title, () => {
        const { seeded } = collection;
        it(seeded.title, async () => {
          const row = await database.db
            .selectFrom("records")
            .select((eb) => eb.fn.countAll<number>().as("c"))
            .where("collection", "in", seeded.collections)
            .executeTakeFirst();
          expect(Number(row?.c)).toBe(seeded.count);
          if ("ofSeed" in seeded.share) {
            expect(seeded.count / SEED_RECORDS).toBeCloseTo(seeded.share.ofSeed, 5);
          } else {
            const [least, most] = seeded.share.ofAll;
            expect(seeded.count / (seeded.count + SEED_RECORDS)).toBeGreaterThan(least);
            expect(seeded.count / (seeded.count + SEED_RECORDS)).toBeLessThan(most);
          }
          if (seeded.firstCollection !== undefined) {
            const first = await database.db
              .selectFrom("records")
              .select(["id", "collection"])
              .where("id", "=", seeded.firstId)
              .executeTakeFirst();
            expect(first).toEqual({ id: seeded.firstId, collection: seeded.firstCollection });
          }
        });
        for (const [title, run] of collection.cases(harness)) it(title, run);
      });
    }
  });
}
