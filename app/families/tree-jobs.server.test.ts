import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { DefaultQueryCompiler } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { checkpointsSettled } from "~/db/checkpoint.server";
import { openSqlite } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrations.server";
import { submitTree } from "./trees.server";

const dir = mkdtempSync(path.join(tmpdir(), "metryka-tree-jobs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a tree written to an SQLite file", () => {
  it("is written and committed on a thread of its own: the server's thread neither builds nor prepares its rows' statements", async () => {
    const site = openSqlite(path.join(dir, "metryka.sqlite"));
    const prepared: string[] = [];
    const prepare = SQLite.prototype.prepare;
    const spy = vi.spyOn(SQLite.prototype, "prepare").mockImplementation(function (this: SQLite.Database, source) {
      prepared.push(source);
      return prepare.call(this, source);
    });
    const compiled: string[] = [];
    const compileQuery = DefaultQueryCompiler.prototype.compileQuery;
    const compileSpy = vi.spyOn(DefaultQueryCompiler.prototype, "compileQuery").mockImplementation(function (
      this: DefaultQueryCompiler,
      node,
      queryId,
    ) {
      const query = compileQuery.call(this, node, queryId);
      compiled.push(query.sql);
      return query;
    });
    try {
      await migrateToLatest(site);
      const filePath = path.join(dir, "presidents.ged");
      writeFileSync(filePath, readFileSync(path.join(__dirname, "../gedcom/fixtures/pres2020.ged")));
      const outcome = await submitTree(
        site,
        { title: "Presidents", fileName: "pres2020.ged", filePath, submitter: { id: 7, name: "alice" } },
        "127.0.0.1",
      );
      expect(outcome).toMatchObject({ ok: true, tree: { people: 2322, families: 1115 } });
      const count = async (table: "people" | "families" | "person_keys") =>
        Number(
          (
            await site.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirst()
          )?.n,
        );
      expect([await count("people"), await count("families")]).toEqual([2322, 1115]);
      expect(await count("person_keys")).toBeGreaterThan(2322);
      // The site's own statements (the batch row, the reads above) are prepared here; the tree's are not.
      expect(prepared.some((source) => /^select/i.test(source))).toBe(true);
      const tree = prepared.filter((source) => /^(insert into "(people|families|person_keys)"|commit)/i.test(source));
      expect(tree.map((source) => source.slice(0, 40))).toEqual([]);
      // Nor does it build them: the rows reach the job's thread as the tree's worker encoded them (decision 0075).
      expect(compiled.some((source) => /^insert into "import_batches"/i.test(source))).toBe(true);
      const rows = compiled.filter((source) =>
        /^insert into "(people|person_keys|person_codes|person_sources|families|family_children)"/i.test(source),
      );
      expect(rows.map((source) => source.slice(0, 40))).toEqual([]);
    } finally {
      compileSpy.mockRestore();
      spy.mockRestore();
      await checkpointsSettled();
      await site.close();
    }
  }, 120_000);
});
