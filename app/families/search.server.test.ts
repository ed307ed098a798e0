import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getFamilyCollection } from "./collections";
import { parsePersonCriteria } from "./criteria";
import type { FamilyDataSet, PersonInput } from "./input";
import { type FamilyViewer, countPeople, getPerson, searchPeople } from "./search.server";
import { familiesWereSeeded, seedDemoFamilies } from "~/demo/seed.server";
import { importFamilies, peopleCount } from "./store.server";

const lodz = getFamilyCollection("lodz")!;
const genealogy = getFamilyCollection("genealogy")!;
const member: FamilyViewer = { isMember: true, isAdmin: false };
const admin: FamilyViewer = { isMember: true, isAdmin: true };
const visitor: FamilyViewer = { isMember: false, isAdmin: false };
const NOW = new Date("2026-11-22T12:00:00Z");

function person(
  number: number,
  given: string,
  surname: string,
  sex: "m" | "f",
  birth: string,
  rest: Partial<PersonInput> = {},
): PersonInput {
  const [y, m, d] = birth.split("-").map(Number);
  return {
    number,
    given,
    surname,
    sex,
    birth: { year: y!, month: m ?? 0, day: d ?? 0 },
    birthPlace: "Łódź",
    death: null,
    deathPlace: "",
    notes: "",
    sources: [],
    tree: null,
    ...rest,
  };
}

const LODZ: FamilyDataSet = {
  trees: [],
  people: [
    person(1, "Johann Gottlieb", "Schmidt", "m", "1800-03-01", {
      birthPlace: "Zgierz",
      death: { year: 1850, month: 1, day: 1 },
      deathPlace: "Łódź",
      sources: ["Łódź, Holy Trinity Lutheran parish, burials 1850, act 1"],
    }),
    person(2, "Anna Rosina", "Müller", "f", "1805", { birthPlace: "Grünberg, Silesia" }),
    person(3, "Wilhelm", "Schmidt", "m", "1830-05-05", { sources: ["baptisms 1830, act 7", "marriages 1852, act 2"] }),
    person(4, "Karolina", "Schmidt", "f", "1832-02-02", {
      death: { year: 1833, month: 4, day: 4 },
      deathPlace: "Łódź",
    }),
    person(5, "Luise", "Weber", "f", "1831-07-07", { birthPlace: "Konstantynów" }),
    person(6, "August", "Schmidt", "m", "1853-01-09"),
  ],
  families: [
    { husband: 1, wife: 2, marriage: { year: 1825, month: 6, day: 1 }, marriagePlace: "Łódź", children: [3, 4] },
    { husband: 3, wife: 5, marriage: { year: 1852, month: 5, day: 2 }, marriagePlace: "Zgierz", children: [6] },
  ],
};

const TREE: FamilyDataSet = {
  trees: [{ title: "Schulz of Rożyszcze", submitter: "A. Member", submittedOn: "2020-01-01" }],
  people: [
    person(1, "Otto", "Schulz", "m", "1920-02-02", { death: { year: 1990, month: 0, day: 0 }, tree: 0 }),
    person(2, "Grete", "Schulz", "f", "1927-03-03", { tree: 0, birthPlace: "Rożyszcze" }),
    person(3, "Erika", "Schulz", "f", "1950-04-04", {
      tree: 0,
      birthPlace: "Winnipeg, Manitoba",
      sources: ["Family Bible"],
    }),
    person(4, "Emil", "Schulz", "m", "1890", { death: { year: 1960, month: 0, day: 0 }, tree: 0 }),
  ],
  families: [
    {
      husband: 1,
      wife: 2,
      marriage: { year: 1948, month: 6, day: 6 },
      marriagePlace: "Winnipeg, Manitoba",
      children: [3],
    },
    { husband: 4, wife: 0, marriage: null, marriagePlace: "", children: [1] },
  ],
};

const q = (c = lodz, qs: string) => {
  const parsed = parsePersonCriteria(c, new URLSearchParams(qs));
  expect(parsed.errors).toEqual({});
  return parsed.criteria;
};

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

for (const dialect of testDialects()) {
  describe(`linked people on ${dialect}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await importFamilies(t.database, "lodz", LODZ);
      await importFamilies(t.database, "genealogy", TREE);
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    it("finds a surname by how it sounds, by exact spelling and by its start", async () => {
      const sounds = await searchPeople(t.database, lodz, q(lodz, "surname=Szmit"), member, NOW);
      expect(names(sounds.rows)).toEqual([
        "August Schmidt",
        "Johann Gottlieb Schmidt",
        "Karolina Schmidt",
        "Wilhelm Schmidt",
      ]);
      const exact = await searchPeople(t.database, lodz, q(lodz, "surname=m%C3%BCller&surnameMode=exact"), member, NOW);
      expect(names(exact.rows)).toEqual(["Anna Rosina Müller"]);
      expect(
        (await searchPeople(t.database, lodz, q(lodz, "surname=Muller&surnameMode=exact"), member, NOW)).total,
      ).toBe(0);
      const starts = await searchPeople(t.database, lodz, q(lodz, "surname=web&surnameMode=starts"), member, NOW);
      expect(names(starts.rows)).toEqual(["Luise Weber"]);
    });

    it("ranks best match first when a name is given, says why each person matched, and keeps the name order", async () => {
      // Best match by default: equals in the name order; the given name as typed before its other languages' forms.
      const ranked = await searchPeople(t.database, lodz, q(lodz, "surname=Schmidt&givenName=Wilhelm"), member, NOW);
      expect(ranked.rows[0]).toMatchObject({
        name: "Wilhelm Schmidt",
        matches: [
          { label: "Surname", level: "exact" },
          { label: "Given name", level: "exact" },
        ],
      });
      // A birth year asked for brings the nearest birth first; date order and the name order stay choices.
      const byYear = await searchPeople(
        t.database,
        lodz,
        q(lodz, "surname=Schmidt&yearFrom=1850&yearTo=1856"),
        member,
        NOW,
      );
      expect(names(byYear.rows)).toEqual(["August Schmidt"]);
      const near = await searchPeople(
        t.database,
        lodz,
        q(lodz, "surname=Schmidt&yearFrom=1825&yearTo=1835"),
        member,
        NOW,
      );
      expect(names(near.rows)).toEqual(["Wilhelm Schmidt", "Karolina Schmidt"]);
      const named = await searchPeople(
        t.database,
        lodz,
        q(lodz, "surname=Schmidt&yearFrom=1825&yearTo=1835&sort=surname"),
        member,
        NOW,
      );
      expect(names(named.rows)).toEqual(["Karolina Schmidt", "Wilhelm Schmidt"]);
      const sounds = await searchPeople(t.database, lodz, q(lodz, "surname=Miller"), member, NOW);
      expect(sounds.rows.find((r) => r.surname === "Müller")?.matches).toEqual([
        { label: "Surname", level: "daitchMokotoff", found: "Müller", typed: "Miller" },
      ]);
    });

    it("finds given names by variant and by any word, and places of birth and death", async () => {
      const gottlieb = await searchPeople(t.database, lodz, q(lodz, "givenName=Bogumi%C5%82"), member, NOW);
      expect(names(gottlieb.rows)).toEqual(["Johann Gottlieb Schmidt"]);
      const born = await searchPeople(t.database, lodz, q(lodz, "birthPlace=zgi"), member, NOW);
      expect(names(born.rows)).toEqual(["Johann Gottlieb Schmidt"]);
      const died = await searchPeople(
        t.database,
        lodz,
        q(lodz, "deathPlace=Lodz&deathPlaceMode=normalized"),
        member,
        NOW,
      );
      expect(names(died.rows)).toEqual(["Johann Gottlieb Schmidt", "Karolina Schmidt"]);
      const grun = await searchPeople(
        t.database,
        lodz,
        q(lodz, "birthPlace=Gruenberg&birthPlaceMode=sounds"),
        member,
        NOW,
      );
      expect(names(grun.rows)).toEqual(["Anna Rosina Müller"]);
    });

    it("finds a person by id, with the parents' names, and filters and sorts by birth year", async () => {
      const byId = await searchPeople(t.database, lodz, q(lodz, "id=L3"), member, NOW);
      expect(byId.rows).toHaveLength(1);
      expect(byId.rows[0]).toMatchObject({
        name: "Wilhelm Schmidt",
        number: 3,
        father: { name: "Johann Gottlieb Schmidt" },
        mother: { name: "Anna Rosina Müller" },
      });
      // The id belongs to its collection: G3 is not looked up in Lodz.
      expect(parsePersonCriteria(lodz, new URLSearchParams("id=G3")).errors.id).toMatch(/L1234/);
      const years = await searchPeople(
        t.database,
        lodz,
        q(lodz, "surname=Schmidt&yearFrom=1830&yearTo=1840&sort=-year"),
        member,
        NOW,
      );
      expect(names(years.rows)).toEqual(["Karolina Schmidt", "Wilhelm Schmidt"]);
      const paged = await searchPeople(t.database, lodz, q(lodz, "surname=Schmidt&perPage=10&page=9"), member, NOW);
      expect(paged).toMatchObject({ total: 4, page: 1, correctedFromPage: 9 });
    });

    it("reads a person with parents, siblings, spouses with the marriage, children and sources", async () => {
      const d = (await getPerson(t.database, lodz, 3, member, NOW))!;
      expect(d.person.name).toBe("Wilhelm Schmidt");
      expect(d.father?.name).toBe("Johann Gottlieb Schmidt");
      expect(d.mother?.name).toBe("Anna Rosina Müller");
      expect(names(d.siblings)).toEqual(["Karolina Schmidt"]);
      expect(d.marriages).toHaveLength(1);
      expect(d.marriages[0]).toMatchObject({ date: "1852-05-02", place: "Zgierz", spouse: { name: "Luise Weber" } });
      expect(names(d.marriages[0]!.children)).toEqual(["August Schmidt"]);
      expect(d.sources).toEqual(["baptisms 1830, act 7", "marriages 1852, act 2"]);
      expect(await getPerson(t.database, lodz, 99, member, NOW)).toBeUndefined();
    });

    it("hides people who may be living from members but not from administrators", async () => {
      const search = await searchPeople(t.database, genealogy, q(genealogy, "surname=Schulz"), member, NOW);
      expect(names(search.rows)).toEqual(["Emil Schulz", "Otto Schulz"]);
      const all = await searchPeople(t.database, genealogy, q(genealogy, "surname=Schulz"), admin, NOW);
      expect(names(all.rows)).toEqual(["Emil Schulz", "Erika Schulz", "Grete Schulz", "Otto Schulz"]);
      const erika = (await getPerson(t.database, genealogy, 3, member, NOW))!;
      expect(erika.person).toMatchObject({ name: "Living", birthDate: null, birthPlace: "", hidden: true });
      expect(erika.sources).toEqual([]);
      expect(erika.father?.name).toBe("Otto Schulz");
      expect(erika.mother).toMatchObject({ name: "Living", birthPlace: "" });
      const otto = (await getPerson(t.database, genealogy, 1, member, NOW))!;
      expect(otto.marriages[0]).toMatchObject({ date: null, place: "", spouse: { name: "Living" } });
      expect(names(otto.marriages[0]!.children)).toEqual(["Living"]);
      expect(otto.tree?.title).toBe("Schulz of Rożyszcze");
      const seen = (await getPerson(t.database, genealogy, 3, admin, NOW))!;
      expect(seen.person).toMatchObject({
        name: "Erika Schulz",
        birthDate: "1950-04-04",
        birthPlace: "Winnipeg, Manitoba",
      });
      expect(seen.sources).toEqual(["Family Bible"]);
      // A hundred years on, Grete (born 1927) is no longer hidden.
      const later = (await getPerson(t.database, genealogy, 2, member, new Date("2028-01-01T00:00:00Z")))!;
      expect(later.person.name).toBe("Grete Schulz");
    });

    it("answers nobody but members, and counts for everyone", async () => {
      expect((await searchPeople(t.database, lodz, q(lodz, "surname=Schmidt"), visitor, NOW)).total).toBe(0);
      expect(await getPerson(t.database, lodz, 3, visitor, NOW)).toBeUndefined();
      expect(await countPeople(t.database, lodz, q(lodz, "surname=Schmidt"), visitor, NOW)).toBe(4);
    });

    it("seeds the demo families once, with searchable people in both collections", async () => {
      const fresh = await createTestDatabase(dialect);
      try {
        await seedDemoFamilies(fresh.database, { lodz: 600, genealogy: 400, seed: 1838 });
        expect(await peopleCount(fresh.database, "lodz")).toBeGreaterThanOrEqual(599);
        expect(await peopleCount(fresh.database, "lodz")).toBeLessThanOrEqual(600);
        expect(await peopleCount(fresh.database, "genealogy")).toBe(400);
        expect(await familiesWereSeeded(fresh.database)).toBe(true);
        const found = await searchPeople(
          fresh.database,
          lodz,
          q(lodz, "birthPlace=%C5%81%C3%B3d%C5%BA&perPage=10"),
          member,
          NOW,
        );
        expect(found.total).toBeGreaterThan(100);
        expect(found.rows.some((r) => r.father)).toBe(true);
      } finally {
        await fresh.drop();
      }
    }, 60_000);
  });
}
