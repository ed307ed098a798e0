import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { readGedcom } from "~/gedcom/tree";
import { getFamilyCollection } from "./collections";
import { parsePersonCriteria } from "./criteria";
import { findPerson } from "./lineage.server";
import { type FamilyViewer, getPerson, searchPeople } from "./search.server";
import {
  type SubmitInput,
  approveTree,
  exportPersonGedcom,
  getTreePreview,
  listMemberTrees,
  listWaitingTrees,
  parseDepth,
  rejectTree,
  submitTree,
  withdrawTree,
} from "./trees.server";

const genealogy = getFamilyCollection("genealogy")!;
const NOW = new Date("2026-11-24T12:00:00Z");
const ALICE = 101;
const BOB = 102;
const ADMIN = 1;
const alice: FamilyViewer = { isMember: true, isAdmin: false, userId: ALICE };
const bob: FamilyViewer = { isMember: true, isAdmin: false, userId: BOB };
const admin: FamilyViewer = { isMember: true, isAdmin: true, userId: ADMIN };
const byAdmin = { userId: ADMIN, ip: "127.0.0.1" };

const fixture = (name: string) => readFileSync(path.join(__dirname, "../gedcom/fixtures", name));

const HEAD = ["0 HEAD", "1 GEDC", "2 VERS 5.5.1", "2 FORM LINEAGE-LINKED", "1 CHAR UTF-8"];

/** Otto and Emma Kessler, their son Paul, and Paul's son born 1970 (who may be living). */
const FIRST = [
  ...HEAD,
  ...["0 @I1@ INDI", "1 NAME Otto /Kessler/", "1 SEX M", "1 BIRT", "2 DATE 1 JAN 1850", "2 PLAC Rożyszcze"],
  ...["1 DEAT", "2 DATE 1920", "1 FAMS @F1@"],
  ...["0 @I2@ INDI", "1 NAME Emma /Kessler/", "1 SEX F", "1 BIRT", "2 DATE 1855", "1 DEAT", "2 DATE 1930"],
  "1 FAMS @F1@",
  ...["0 @I3@ INDI", "1 NAME Paul /Kessler/", "1 SEX M", "1 BIRT", "2 DATE 1880", "1 DEAT", "2 DATE 1950"],
  ...["1 FAMC @F1@", "1 FAMS @F2@"],
  ...["0 @I4@ INDI", "1 NAME Bruno /Kessler/", "1 SEX M", "1 BIRT", "2 DATE 1970", "1 FAMC @F2@"],
  ...["0 @F1@ FAM", "1 HUSB @I1@", "1 WIFE @I2@", "1 MARR", "2 DATE 1878", "1 CHIL @I3@"],
  ...["0 @F2@ FAM", "1 HUSB @I3@", "1 CHIL @I4@"],
  "0 TRLR",
].join("\n");

/** The same tree a year later: Bruno left out, a daughter Ida (I9) added. */
const SECOND = [
  ...HEAD,
  ...["0 @I1@ INDI", "1 NAME Otto /Kessler/", "1 SEX M", "1 BIRT", "2 DATE 1 JAN 1850", "2 PLAC Rożyszcze"],
  ...["1 DEAT", "2 DATE 1920", "1 FAMS @F1@"],
  ...["0 @I2@ INDI", "1 NAME Emma /Kessler/", "1 SEX F", "1 BIRT", "2 DATE 1855", "1 DEAT", "2 DATE 1930"],
  "1 FAMS @F1@",
  ...["0 @I3@ INDI", "1 NAME Paul /Kessler/", "1 SEX M", "1 BIRT", "2 DATE 1880", "1 DEAT", "2 DATE 1950"],
  "1 FAMC @F1@",
  ...["0 @I9@ INDI", "1 NAME Ida /Kessler/", "1 SEX F", "1 BIRT", "2 DATE 1882", "1 DEAT", "2 DATE 1960"],
  "1 FAMC @F1@",
  ...["0 @F1@ FAM", "1 HUSB @I1@", "1 WIFE @I2@", "1 CHIL @I3@", "1 CHIL @I9@"],
  "0 TRLR",
].join("\n");

const uploads = mkdtempSync(path.join(tmpdir(), "metryka-trees-"));
let uploaded = 0;

/** The file stored as an upload is (the job removes it when it ends). */
function upload(text: string | Uint8Array, by: number, rest: Partial<SubmitInput> = {}): SubmitInput {
  const filePath = path.join(uploads, `${++uploaded}.ged`);
  writeFileSync(filePath, text);
  return {
    title: "Kessler of Rożyszcze",
    fileName: "kessler.ged",
    filePath,
    submitter: { id: by, name: by === ALICE ? "alice" : "bob" },
    ...rest,
  };
}

const kessler = parsePersonCriteria(genealogy, new URLSearchParams("surname=Kessler&surnameMode=exact")).criteria;
const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

for (const dialect of testDialects()) {
  describe(`members' trees on ${dialect}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    async function counts() {
      const n = async (table: "family_trees" | "people" | "families" | "import_batches" | "person_keys") =>
        Number(
          (
            await t.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirst()
          )?.n,
        );
      return {
        trees: await n("family_trees"),
        people: await n("people"),
        families: await n("families"),
        batches: await n("import_batches"),
        keys: await n("person_keys"),
      };
    }

    async function submitted(text: string | Uint8Array, by: number, rest: Partial<SubmitInput> = {}) {
      const outcome = await submitTree(t.database, upload(text, by, rest), "127.0.0.1");
      if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.errors)}`);
      return outcome.tree;
    }

    const search = async (viewer: FamilyViewer) =>
      names((await searchPeople(t.database, genealogy, kessler, viewer, NOW)).rows);

    it("refuses files with errors and writes nothing but the refusal, its errors by line; the file is removed", async () => {
      const before = await counts();
      const names = ["missing-links.ged", "cycle.ged", "duplicate-xref.ged", "pdf.ged", "empty.ged"];
      const noPeople = ["0 HEAD", "1 GEDC", "2 VERS 5.5.1", "0 @N1@ NOTE only a note", "0 TRLR"].join("\n");
      for (const [name, bytes] of [...names.map((n) => [n, fixture(n)] as const), ["no people", noPeople] as const]) {
        const input = upload(bytes, ALICE);
        const outcome = await submitTree(t.database, input, "");
        expect(outcome.ok, name).toBe(false);
        expect(existsSync(input.filePath), name).toBe(false);
        if (outcome.ok) continue;
        expect(outcome.errors?.length, name).toBeGreaterThan(0);
        expect(outcome.errors!.every((e) => e.severity === "error" && e.line >= 0)).toBe(true);
      }
      expect(await counts()).toEqual({ ...before, batches: before.batches + names.length + 1 });
      const refused = await t.database.db
        .selectFrom("import_batches")
        .select(["status", "error"])
        .where("created_by", "=", ALICE)
        .where("status", "=", "failed")
        .execute();
      expect(refused).toHaveLength(names.length + 1);
    });

    it("keeps a submitted tree pending, seen only by its submitter and administrators, until approved", async () => {
      const tree = await submitted(FIRST, ALICE);
      expect(tree).toMatchObject({ people: 4, families: 2, warnings: 0 });
      expect(await search(bob)).toEqual([]);
      expect(await search({ isMember: true, isAdmin: false })).toEqual([]);
      // The submitter sees their own people, the one who may be living too.
      expect(await search(alice)).toEqual(["Bruno Kessler", "Emma Kessler", "Otto Kessler", "Paul Kessler"]);
      expect(await search(admin)).toHaveLength(4);
      const otto = (await searchPeople(t.database, genealogy, kessler, alice, NOW)).rows.find((r) =>
        r.name.startsWith("Otto"),
      )!;
      expect(await getPerson(t.database, genealogy, otto.number, bob, NOW)).toBeUndefined();
      expect((await getPerson(t.database, genealogy, otto.number, alice, NOW))?.person.name).toBe("Otto Kessler");
      // The pedigree and descendants pages find their person the same way.
      expect(await findPerson(t.database, genealogy, otto.number, bob, NOW)).toBeUndefined();
      expect((await findPerson(t.database, genealogy, otto.number, alice, NOW))?.name).toBe("Otto Kessler");
      expect(await getTreePreview(t.database, tree.treeId, { userId: BOB, isAdmin: false })).toBeUndefined();
      expect((await getTreePreview(t.database, tree.treeId, { userId: ALICE, isAdmin: false }))?.people).toHaveLength(
        4,
      );

      const waiting = await listWaitingTrees(t.database);
      expect(waiting).toEqual([
        expect.objectContaining({
          id: tree.treeId,
          title: "Kessler of Rożyszcze",
          people: 4,
          families: 2,
          warnings: 0,
        }),
      ]);
      expect(await approveTree(t.database, tree.treeId, byAdmin)).toBe(true);
      expect(await approveTree(t.database, tree.treeId, byAdmin)).toBe(false);
      expect(await listWaitingTrees(t.database)).toEqual([]);
      // Approved: every member finds them; Bruno may be living and stays hidden from everyone but Alice.
      expect(await search(bob)).toEqual(["Emma Kessler", "Otto Kessler", "Paul Kessler"]);
      expect(await search(alice)).toHaveLength(4);
      const paul = (await searchPeople(t.database, genealogy, kessler, bob, NOW)).rows.find((r) =>
        r.name.startsWith("Paul"),
      )!;
      const seen = (await getPerson(t.database, genealogy, paul.number, bob, NOW))!;
      expect(seen.father?.name).toBe("Otto Kessler");
      expect(seen.marriages[0].children.map((c) => c.name)).toEqual(["Living"]);
      const own = (await getPerson(t.database, genealogy, paul.number, alice, NOW))!;
      expect(own.marriages[0].children.map((c) => c.name)).toEqual(["Bruno Kessler"]);
      const audit = await t.database.db.selectFrom("audit_log").select("action").execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["tree.submitted", "tree.approved"]));
    });

    it("keeps the numbers of unchanged xrefs when a newer file replaces a tree", async () => {
      const [first] = (await listMemberTrees(t.database, ALICE)).filter((x) => x.status === "approved");
      const before = new Map(
        (
          await t.database.db.selectFrom("people").select(["xref", "number"]).where("tree_id", "=", first.id).execute()
        ).map((p) => [p.xref, Number(p.number)]),
      );
      // Another member cannot replace Alice's tree.
      expect((await submitTree(t.database, upload(SECOND, BOB, { replaces: first.id }), "")).ok).toBe(false);
      const next = await submitted(SECOND, ALICE, { replaces: first.id, title: "Kessler, revised" });
      // A second replacement while one waits is refused.
      expect((await submitTree(t.database, upload(SECOND, ALICE, { replaces: first.id }), "")).ok).toBe(false);
      // While it waits, the approved tree is what other members see.
      expect(await search(bob)).toEqual(["Emma Kessler", "Otto Kessler", "Paul Kessler"]);
      expect((await listWaitingTrees(t.database))[0]).toMatchObject({ id: next.treeId, replacesId: first.id });
      expect(await approveTree(t.database, next.treeId, byAdmin)).toBe(true);
      expect(await search(bob)).toEqual(["Emma Kessler", "Ida Kessler", "Otto Kessler", "Paul Kessler"]);
      const after = await t.database.db
        .selectFrom("people")
        .select(["xref", "number", "tree_id"])
        .where("collection", "=", "genealogy")
        .execute();
      expect(after.every((p) => Number(p.tree_id) === next.treeId)).toBe(true);
      const numberOf = new Map(after.map((p) => [p.xref, Number(p.number)]));
      for (const xref of ["I1", "I2", "I3"]) expect(numberOf.get(xref)).toBe(before.get(xref));
      expect(numberOf.get("I9")).toBeGreaterThan(Math.max(...before.values()));
      const trees = await listMemberTrees(t.database, ALICE);
      expect(trees.map((x) => [x.id, x.status])).toEqual([
        [next.treeId, "approved"],
        [first.id, "replaced"],
      ]);
      // Paul's page: his parents and his sister, the families rewritten by the new file.
      const paul = (await getPerson(t.database, genealogy, before.get("I3")!, bob, NOW))!;
      expect([paul.father?.name, paul.mother?.name]).toEqual(["Otto Kessler", "Emma Kessler"]);
      expect(paul.siblings.map((s) => s.name)).toEqual(["Ida Kessler"]);
      expect(paul.marriages).toEqual([]);
    });

    it("lets only the submitter withdraw, and a withdrawn tree leaves the search", async () => {
      const [current] = (await listMemberTrees(t.database, ALICE)).filter((x) => x.status === "approved");
      expect(await listMemberTrees(t.database, BOB)).toEqual([]);
      expect(await withdrawTree(t.database, current.id, { userId: BOB, ip: "" })).toBe(false);
      expect(await search(bob)).toHaveLength(4);
      expect(await withdrawTree(t.database, current.id, { userId: ALICE, ip: "" })).toBe(true);
      expect(await withdrawTree(t.database, current.id, { userId: ALICE, ip: "" })).toBe(false);
      expect(await search(bob)).toEqual([]);
      expect(await search(alice)).toEqual([]);
      expect(await search(admin)).toEqual([]);
      const [withdrawn] = await listMemberTrees(t.database, ALICE);
      // The history keeps what was uploaded.
      expect(withdrawn).toMatchObject({ status: "withdrawn", people: 4, families: 1, fileName: "kessler.ged" });
      expect((await counts()).people).toBe(0);
    });

    it("rejects a pending tree, removing its people, and numbers are never given twice", async () => {
      const tree = await submitted(FIRST, BOB);
      const numbers = (
        await t.database.db.selectFrom("people").select("number").where("tree_id", "=", tree.treeId).execute()
      ).map((p) => Number(p.number));
      expect(await rejectTree(t.database, tree.treeId, "Not a tree of our region", byAdmin)).toBe(true);
      expect(await approveTree(t.database, tree.treeId, byAdmin)).toBe(false);
      expect((await counts()).people).toBe(0);
      const again = await submitted(FIRST, BOB);
      const later = (
        await t.database.db.selectFrom("people").select("number").where("tree_id", "=", again.treeId).execute()
      ).map((p) => Number(p.number));
      expect(Math.min(...later)).toBeGreaterThan(Math.max(...numbers));
      expect(await withdrawTree(t.database, again.treeId, { userId: BOB, ip: "" })).toBe(true);
    });

    it("removes the uploaded file once it is read, keeping the batch when the tree is withdrawn", async () => {
      const input = upload(FIRST, BOB);
      const tree = await submitted(FIRST, BOB, { filePath: input.filePath });
      expect(existsSync(input.filePath)).toBe(false);
      expect(await withdrawTree(t.database, tree.treeId, { userId: BOB, ip: "" })).toBe(true);
      const [withdrawn] = await listMemberTrees(t.database, BOB);
      expect(withdrawn).toMatchObject({ id: tree.treeId, status: "withdrawn", fileName: "kessler.ged", people: 4 });
    });

    it("imports the presidents file as 2,322 people and 1,115 families", async () => {
      const tree = await submitted(fixture("pres2020.ged"), ALICE, { title: "Presidents" });
      expect(tree).toMatchObject({ people: 2322, families: 1115 });
      const people = await t.database.db
        .selectFrom("people")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("tree_id", "=", tree.treeId)
        .executeTakeFirst();
      expect(Number(people?.n)).toBe(2322);
      const families = await t.database.db
        .selectFrom("families")
        .innerJoin("people", "people.id", "families.husband_id")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("people.tree_id", "=", tree.treeId)
        .executeTakeFirst();
      expect(Number(families?.n)).toBeGreaterThan(1000);
      expect(await approveTree(t.database, tree.treeId, byAdmin)).toBe(true);
      expect(await withdrawTree(t.database, tree.treeId, { userId: ALICE, ip: "" })).toBe(true);
      expect((await counts()).families).toBe(0);
    }, 120_000);

    it("exports a person's ancestors and descendants as GEDCOM that reads back without errors", async () => {
      const tree = await submitted(FIRST, ALICE);
      const numberOf = new Map(
        (
          await t.database.db
            .selectFrom("people")
            .select(["xref", "number"])
            .where("tree_id", "=", tree.treeId)
            .execute()
        ).map((p) => [p.xref, Number(p.number)]),
      );
      const paul = numberOf.get("I3")!;
      const viewerOf = (v: FamilyViewer) => ({ isAdmin: v.isAdmin, userId: v.userId ?? null });
      // Pending: Bob cannot export it; Alice can.
      expect(await exportPersonGedcom(t.database, genealogy, paul, 4, viewerOf(bob), NOW)).toBeUndefined();
      const own = (await exportPersonGedcom(t.database, genealogy, paul, 4, viewerOf(alice), NOW))!;
      expect(own).toMatchObject({ people: 4, families: 2 });
      const read = readGedcom(own.text);
      expect(read.problems.filter((p) => p.severity === "error")).toEqual([]);
      expect(read.header.gedcomVersion).toBe("5.5.1");
      expect(read.people.map((p) => `${p.given} ${p.surname}`).sort()).toEqual([
        "Bruno Kessler",
        "Emma Kessler",
        "Otto Kessler",
        "Paul Kessler",
      ]);
      expect(read.families).toHaveLength(2);

      await approveTree(t.database, tree.treeId, byAdmin);
      // Bob: Bruno may be living and is left out; his family with Paul alone is not written.
      const theirs = (await exportPersonGedcom(t.database, genealogy, paul, 4, viewerOf(bob), NOW))!;
      expect(theirs).toMatchObject({ people: 3, families: 1 });
      const back = readGedcom(theirs.text);
      expect(back.problems.filter((p) => p.severity === "error")).toEqual([]);
      expect(back.people.map((p) => p.given).sort()).toEqual(["Emma", "Otto", "Paul"]);
      expect(back.families[0].marriage?.date?.date).toEqual({ year: 1878, month: 0, day: 0 });
      // Depth 1 from Otto: Otto, his wife and his son, not his grandson.
      const one = (await exportPersonGedcom(t.database, genealogy, numberOf.get("I1")!, 1, viewerOf(admin), NOW))!;
      expect(one).toMatchObject({ people: 3, families: 1 });
      expect(await exportPersonGedcom(t.database, genealogy, 999_999, 4, viewerOf(admin), NOW)).toBeUndefined();
    });

    it("exports a large tree and reads it back with the same counts", async () => {
      const tree = await submitted(fixture("pres2020.ged"), ALICE, { title: "Presidents" });
      const root = await t.database.db
        .selectFrom("people")
        .select("number")
        .where("tree_id", "=", tree.treeId)
        .where("xref", "=", "I317")
        .executeTakeFirstOrThrow();
      const out = (await exportPersonGedcom(
        t.database,
        genealogy,
        Number(root.number),
        10,
        { isAdmin: true, userId: 1 },
        NOW,
      ))!;
      const read = readGedcom(out.text);
      expect(read.problems.filter((p) => p.severity === "error")).toEqual([]);
      expect(read.people).toHaveLength(out.people);
      expect(read.families).toHaveLength(out.families);
      expect(out.people).toBeGreaterThan(10);
      expect(read.people.some((p) => p.given === "Abraham" && p.surname === "Lincoln")).toBe(true);
    }, 120_000);
  });
}

describe("parseDepth", () => {
  it("takes 1 to 10, 4 when not given, and refuses anything else", () => {
    expect(parseDepth(null)).toEqual({ depth: 4 });
    expect(parseDepth("")).toEqual({ depth: 4 });
    expect(parseDepth("1")).toEqual({ depth: 1 });
    expect(parseDepth("10")).toEqual({ depth: 10 });
    for (const bad of ["0", "11", "-1", "2.5", "abc", "1e1", " 3", "999"]) {
      expect(parseDepth(bad), bad).toHaveProperty("error");
    }
  });
});
