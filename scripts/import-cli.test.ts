import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { openDatabase } from "~/db/connection.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getCollection } from "~/search/collections";
import { inCodePage } from "../app/imports/test-files";
import { columnsFromMapping, runImportCli } from "./import-cli";

const collection = getCollection("stpete-birth")!;

class Captured extends Writable {
  text = "";
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

const HEADER = "ID;Nazwisko;Imię;Data;Miejscowość;Parafia;Uwagi\n";
const GOOD = "1;Śliwiński;Józef;1/13 Mar 1858;Łódź;Zgierz;\n2;Kowalczyk;Małgorzata;12.03.1860;Zduńska Wola;Zgierz;\n";
const BAD = "3;Nowak;Jan;32.13.1858;Łódź;Zgierz;\n";

describe.each(testDialects())("npm run import (%s)", (dialect) => {
  const dir = mkdtempSync(path.join(tmpdir(), "metryka-import-cli-"));
  const env: Record<string, string | undefined> = { DATA_DIR: path.join(dir, "data") };
  let pg: TestDatabase | undefined;

  beforeAll(async () => {
    if (dialect === "postgres") {
      pg = await createTestDatabase("postgres");
      env.DATABASE_URL = pg.url;
    }
  });
  afterAll(async () => {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function cli(...argv: string[]) {
    const out = new Captured();
    const err = new Captured();
    const code = await runImportCli(argv, { env, out, err, progressBar: false });
    return { code, out: out.text, err: err.text };
  }

  async function surnames(): Promise<string[]> {
    const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
    try {
      const rows = await database.db
        .selectFrom("records")
        .select("data")
        .where("collection", "=", collection.code)
        .orderBy("id")
        .execute();
      return rows.map((r) => (JSON.parse(r.data) as Record<string, string>).surname!);
    } finally {
      await database.close();
    }
  }

  it("dry-runs a file with a bad row: the report, the problems beside the file, exit 1, nothing written", async () => {
    const file = path.join(dir, "bad.csv");
    writeFileSync(file, HEADER + GOOD + BAD);
    const run = await cli("--collection", "stpete-birth", file, "--dry-run");
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/Checked 3 rows: 2 new, 0 changed, 0 unchanged, 1 with problems/);
    expect(run.out).toMatch(/row 4, Data: /);
    expect(run.out).toContain(`${file}.problems.csv`);
    expect(readFileSync(`${file}.problems.csv`, "utf8").split("\r\n")[1]).toMatch(/^4,Data,/);
    // The batch keeps its own copy of the file, as an upload does.
    expect(readdirSync(path.join(env.DATA_DIR!, "imports"))).toHaveLength(1);

    const refused = await cli("--collection", "stpete-birth", file);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Nothing was imported/);
    expect(await surnames()).toEqual([]);
  });

  it("tells the rows of a Windows-1250 file that look like UTF-8, and a quote that never closes", async () => {
    const mixed = path.join(dir, "mixed.csv");
    writeFileSync(
      mixed,
      Buffer.concat([inCodePage(HEADER + GOOD), Buffer.from("4;Zieliński;Jan;1861;Łęczna;Zgierz;\n", "utf8")]),
    );
    const run = await cli("--collection", "stpete-birth", mixed, "--dry-run");
    expect(run.out).toMatch(/1 rows look misread/);
    expect(run.out).toMatch(/row 4, Nazwisko: .*it would read “Zieliński”/);

    const quote = path.join(dir, "quote.csv");
    writeFileSync(quote, `${HEADER}1;Nowak;Jan;1858;Łódź;Zgierz;"never closed\n${GOOD}`);
    const refused = await cli("--collection", "stpete-birth", quote, "--dry-run");
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/Row 2, column “Uwagi”: a quote \("\) opens this cell and is never closed/);
  });

  it("writes the problems of a file whose name is as long as names go beside it, shortened (issue 26)", async () => {
    const long = `${"Łódź-".repeat(20)}${"x".repeat(91)}.csv`;
    expect(Buffer.byteLength(long)).toBe(255);
    const file = path.join(dir, long);
    writeFileSync(file, HEADER + GOOD + BAD);
    const run = await cli("--collection", "stpete-birth", file, "--dry-run");
    expect(run.code).toBe(1);
    // 242 bytes and the suffix's 13: the name loses its extension and 9 letters.
    const report = path.join(dir, `${"Łódź-".repeat(20)}${"x".repeat(82)}.problems.csv`);
    expect(run.out).toContain(`Every problem: ${report}`);
    expect(readFileSync(report, "utf8").split("\r\n")[1]).toMatch(/^4,Data,/);
  });

  it("imports a file (exit 0), finds it unchanged the second time, and undoes it", async () => {
    const file = path.join(dir, "good.csv");
    writeFileSync(file, HEADER + GOOD);
    const first = await cli("--collection", "stpete-birth", file);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Imported #(\d+): 2 new, 0 changed, 0 unchanged, 0 skipped/);
    expect(existsSync(`${file}.problems.csv`)).toBe(false);
    expect(await surnames()).toEqual(["Śliwiński", "Kowalczyk"]);
    const id = /Imported #(\d+)/.exec(first.out)![1]!;

    const second = await cli("--collection", "stpete-birth", file);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/Checked 2 rows: 0 new, 0 changed, 2 unchanged, 0 with problems/);
    expect(second.out).toMatch(/0 new, 0 changed, 2 unchanged/);

    const out = path.join(dir, "export.csv");
    expect((await cli("--export", "stpete-birth", "--out", out)).code).toBe(0);
    expect(readFileSync(out, "utf8")).toMatch(
      /^\uFEFFsourceKey,date,julianDate,surname[^\n]*\n1,1858-03-13,1858-03-01,Śliwiński/,
    );

    // The second batch wrote nothing, so the first can be undone.
    const undone = await cli("--undo", id);
    expect(undone).toMatchObject({ code: 0, out: expect.stringMatching(/Undone #\d+: 2 records removed/) });
    expect(await surnames()).toEqual([]);
    expect((await cli("--undo", id)).code).toBe(1);
  });

  it("imports the good rows of a bad file with --skip-bad-rows and a mapping file, as the user named", async () => {
    const file = path.join(dir, "mapped.csv");
    writeFileSync(file, "Key;Name;Vorname;When;Extra\nk1;Radke;Anna;1850;x\nk2;;Hans;1851;y\n");
    const mapping = path.join(dir, "mapping.json");
    writeFileSync(
      mapping,
      JSON.stringify({ columns: { Name: "surname", When: "date", Extra: null }, sourceKey: "Key" }),
    );
    const run = await cli("--collection", "stpete-birth", file, "--mapping", mapping, "--skip-bad-rows");
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/Key → sourceKey, Name → surname, Vorname → givenName, When → date, Extra → \(left out\)/);
    expect(run.out).toMatch(/1 new, 0 changed, 0 unchanged, 1 skipped/);
    expect(await surnames()).toEqual(["Radke"]);
    expect((await cli("--collection", "stpete-birth", file, "--user", "nobody")).code).toBe(2);
  });

  it("submits a member's GEDCOM tree to wait for approval, and refuses a broken one with its lines", async () => {
    const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
    try {
      await createUser(
        database,
        {
          username: "treekeeper",
          email: "tk@example.org",
          password: "Correct-Horse-9-battery",
          role: "member",
          status: "active",
          emailVerified: true,
        },
        { actorUserId: null, via: "test" },
      );
    } finally {
      await database.close();
    }
    const fixtures = path.resolve("app/gedcom/fixtures");
    const done = await cli("--tree", path.join(fixtures, "kennedy.ged"), "--submitter", "treekeeper");
    expect(done).toMatchObject({ code: 0, out: expect.stringMatching(/208 people, 75 families.*waits for approval/) });
    const broken = await cli("--tree", path.join(fixtures, "cycle.ged"), "--submitter", "treekeeper");
    expect(broken).toMatchObject({ code: 1, err: expect.stringMatching(/line \d+/) });
    expect((await cli("--tree", path.join(fixtures, "kennedy.ged"), "--submitter", "nobody")).code).toBe(2);
  });

  it("refuses bad arguments with exit 2", async () => {
    const file = path.join(dir, "args.csv");
    writeFileSync(file, HEADER + GOOD);
    const mapping = path.join(dir, "unknown-field.json");
    writeFileSync(mapping, JSON.stringify({ columns: { Nazwisko: "shoeSize" } }));
    const unknownField = await cli("--collection", "stpete-birth", file, "--mapping", mapping);
    expect(unknownField).toMatchObject({ code: 2, err: expect.stringMatching(/field "shoeSize"/) });
    expect((await cli("--collection", "no-such", file)).code).toBe(2);
    expect((await cli("--collection", "stpete-birth", path.join(dir, "missing.csv"))).code).toBe(2);
    expect((await cli("--collection", "stpete-birth", file, "--encoding", "ebcdic")).code).toBe(2);
    expect((await cli("--collection", "stpete-birth", file, "--calendar", "mayan")).code).toBe(2);
    expect((await cli("--collection", "stpete-birth", file, "--frobnicate")).code).toBe(2);
    expect((await cli("--undo", "abc")).code).toBe(2);
    expect((await cli("--tree", "x.ged")).code).toBe(2);
    expect((await cli()).code).toBe(2);
  });
});

describe("mapping files", () => {
  const headers = ["Nr", "Nazwisko", "Imię", "Data"];
  it("takes an array of targets in column order, or named headers with the rest matched by header", () => {
    expect(columnsFromMapping(["sourceKey", "surname", null, "date"], headers, collection)).toEqual([
      "sourceKey",
      "surname",
      null,
      "date",
    ]);
    // Naming "Imię" as the father's name leaves givenName to no column; Nr is the source key.
    expect(columnsFromMapping({ columns: { Imię: "fatherGivenName" }, sourceKey: "Nr" }, headers, collection)).toEqual([
      "sourceKey",
      "surname",
      "fatherGivenName",
      "date",
    ]);
  });

  it("refuses an unknown field, a header the file lacks, a field given twice and a wrong length", () => {
    expect(() => columnsFromMapping({ columns: { Nazwisko: "nope" } }, headers, collection)).toThrow(/"nope"/);
    expect(() => columnsFromMapping({ columns: { Surname: "surname" } }, headers, collection)).toThrow(/Surname/);
    expect(() => columnsFromMapping(["surname", "surname", null, "date"], headers, collection)).toThrow(/two/);
    expect(() => columnsFromMapping(["surname"], headers, collection)).toThrow(/1 columns/);
  });
});
