import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres, openSqlite } from "~/db/connection.server";
import { migrationStatus } from "~/db/migrations.server";
import type { Schema } from "~/db/schema";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import type { CheckResult } from "./checks";
import { APP_VERSION, checkBuildTime, loadConfigCheck, runServerChecks } from "./server-checks.server";
import { useTestRuntime } from "~/testing/runtime";

const NOW = Date.UTC(2026, 10, 22, 17, 0, 0);
const byId = (checks: CheckResult[], id: string) => checks.find((c) => c.id === id);

function input(database: () => Promise<Database>, kind: "sqlite" | "postgres" = "sqlite") {
  return {
    database,
    databaseKind: kind,
    buildId: "build-abc",
    buildTimeMs: NOW - 90 * 60_000,
    appVersion: "0.4.0",
    now: () => NOW,
    timeoutMs: 2_000,
  } as const;
}

describe("server facts", () => {
  it("name the build, the version, when it was built and the server's time", async () => {
    const database = openSqlite(":memory:");
    const result = await runServerChecks(input(async () => database));
    await database.close();
    expect(result.serverTimeMs).toBe(NOW);
    expect(result.buildId).toBe("build-abc");
    expect(byId(result.checks, "server-build")).toMatchObject({
      status: "info",
      detail: "Version 0.4.0, build build-abc.",
    });
    expect(byId(result.checks, "server-build-time")?.detail).toBe("2026-11-22 15:30:00 UTC, 1 h 30 min ago.");
    expect(byId(result.checks, "server-time")?.detail).toBe("2026-11-22 17:00:00 UTC.");
    expect(result.checks.map((c) => c.id)).toEqual([
      "server-build",
      "server-build-time",
      "server-database",
      "server-migrations",
      "server-time",
    ]);
  });

  it("say so when a development server has no build id or build time", async () => {
    const database = openSqlite(":memory:");
    const result = await runServerChecks({
      ...input(async () => database),
      buildId: undefined,
      buildTimeMs: undefined,
    });
    await database.close();
    expect(result.buildId).toBeNull();
    expect(byId(result.checks, "server-build")?.detail).toMatch(/development server/);
    expect(checkBuildTime(undefined, NOW).detail).toMatch(/development server/);
  });

  it("take the version from package.json", () => {
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("an unreachable database is a failing line, never an exception", () => {
  it("SQLite whose file cannot be opened", async () => {
    const database: Database = {
      db: new Kysely<Schema>({
        dialect: new SqliteDialect({
          database: async () => {
            throw new Error("SQLITE_CANTOPEN: /var/secret/metryka.sqlite");
          },
        }),
      }),
      kind: "sqlite",
      description: "sqlite:/var/secret/metryka.sqlite",
      close: async () => undefined,
    };
    const logged: string[] = [];
    const result = await runServerChecks({ ...input(async () => database), log: (_e, m) => logged.push(m) });
    expect(byId(result.checks, "server-database")).toMatchObject({ status: "fail" });
    expect(byId(result.checks, "server-database")?.detail).toMatch(/^SQLite: the database could not be reached/);
    expect(byId(result.checks, "server-database")?.fix).toMatch(/administrator/);
    expect(byId(result.checks, "server-migrations")?.status).toBe("not-applicable");
    expect(logged).toEqual(["ConfigCheck: the database did not answer"]);
    expect(JSON.stringify(result)).not.toContain("/var/secret");
  });

  it("PostgreSQL that refuses connections, without showing its address or password", async () => {
    const url = "postgres://metryka:s3cret-password@127.0.0.1:1/metryka";
    const database = openPostgres(url);
    try {
      const result = await runServerChecks(input(async () => database, "postgres"));
      const line = byId(result.checks, "server-database");
      expect(line).toMatchObject({ status: "fail" });
      expect(line?.detail).toMatch(/^PostgreSQL: the database could not be reached/);
      const everything = JSON.stringify(result);
      for (const secret of ["s3cret-password", "127.0.0.1:1", "metryka:", "ECONNREFUSED", "at "]) {
        expect(everything).not.toContain(secret);
      }
    } finally {
      await database.close();
    }
  });

  it("a database that never answers, within the time limit", async () => {
    const started = Date.now();
    const result = await runServerChecks({
      ...input(() => new Promise<Database>(() => undefined), "postgres"),
      timeoutMs: 50,
      now: Date.now,
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(byId(result.checks, "server-database")?.detail).toBe(
      "PostgreSQL: the database did not answer within less than 1 s.",
    );
  });

  it("a database that fails to open", async () => {
    const result = await runServerChecks(input(() => Promise.reject(new Error("ENOENT /secret/path"))));
    expect(byId(result.checks, "server-database")?.status).toBe("fail");
    expect(JSON.stringify(result)).not.toContain("/secret/path");
  });
});

describe("migrations on a database no migration ever ran on", () => {
  it("lists every known migration as missing (SQLite)", async () => {
    const database = openSqlite(":memory:");
    try {
      const status = await migrationStatus(database);
      expect(status.pending).toEqual(status.known);
      expect(status.unknown).toEqual([]);
      const result = await runServerChecks(input(async () => database));
      expect(byId(result.checks, "server-database")?.status).toBe("pass");
      const line = byId(result.checks, "server-migrations");
      expect(line?.status).toBe("fail");
      expect(line?.detail).toContain(`${status.known.length} of ${status.known.length} database updates`);
      expect(line?.detail).toContain("0001_records");
    } finally {
      await database.close();
    }
  });
});

for (const dialect of testDialects()) {
  describe(`server checks on ${dialect}`, () => {
    let test: TestDatabase;
    const name = dialect === "postgres" ? "PostgreSQL" : "SQLite";
    const run = () => runServerChecks(input(async () => test.database, dialect));

    beforeAll(async () => {
      test = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await test.drop();
    });

    it("a reachable, migrated database passes both lines", async () => {
      const { known } = await migrationStatus(test.database);
      const result = await run();
      expect(byId(result.checks, "server-database")?.status).toBe("pass");
      expect(byId(result.checks, "server-database")?.detail).toMatch(new RegExp(`^${name}, answered in \\d+ ms\\.$`));
      expect(byId(result.checks, "server-migrations")).toMatchObject({
        status: "pass",
        detail: `Up to date: all ${known.length} database updates (migrations) applied, the latest ${known.at(-1)}.`,
      });
    });

    it("a migration the database lacks fails, naming it", async () => {
      const { known } = await migrationStatus(test.database);
      const last = known.at(-1)!;
      const saved = await sql<{
        name: string;
        timestamp: string;
      }>`select name, timestamp from kysely_migration where name = ${last}`.execute(test.database.db);
      await sql`delete from kysely_migration where name = ${last}`.execute(test.database.db);
      try {
        const line = byId((await run()).checks, "server-migrations");
        expect(line?.status).toBe("fail");
        expect(line?.detail).toBe(`1 of ${known.length} database updates (migrations) are not applied: ${last}.`);
      } finally {
        const row = saved.rows[0];
        await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
          test.database.db,
        );
      }
    });

    it("a migration from a newer version is a warning", async () => {
      await sql`insert into kysely_migration (name, timestamp) values (${"9999_from_the_future"}, ${new Date(NOW).toISOString()})`.execute(
        test.database.db,
      );
      try {
        const line = byId((await run()).checks, "server-migrations");
        expect(line?.status).toBe("warning");
        expect(line?.detail).toContain("9999_from_the_future");
      } finally {
        await sql`delete from kysely_migration where name = ${"9999_from_the_future"}`.execute(test.database.db);
      }
      expect(byId((await run()).checks, "server-migrations")?.status).toBe("pass");
    });

    it("a database no migration ever ran on fails, listing them all", async () => {
      const { known } = await migrationStatus(test.database);
      await sql`alter table kysely_migration rename to kysely_migration_saved`.execute(test.database.db);
      try {
        const status = await migrationStatus(test.database);
        expect(status).toEqual({ known, pending: known, unknown: [] });
        const line = byId((await run()).checks, "server-migrations");
        expect(line?.status).toBe("fail");
        expect(line?.detail).toBe(
          `${known.length} of ${known.length} database updates (migrations) are not applied: ${known.join(", ")}.`,
        );
      } finally {
        await sql`alter table kysely_migration_saved rename to kysely_migration`.execute(test.database.db);
      }
    });
  });

  describe(`the /ConfigCheck loader on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "configcheck" });

    it("reports the app's own database, is never cached, and shows no database address", async () => {
      const response = await loadConfigCheck();
      expect(response.init?.headers).toMatchObject({ "Cache-Control": "no-store" });
      const { checks } = response.data;
      expect(byId(checks, "server-database")?.detail).toMatch(
        dialect === "postgres" ? /^PostgreSQL, answered/ : /^SQLite, answered/,
      );
      expect(byId(checks, "server-migrations")?.status).toBe("pass");
      const everything = JSON.stringify(response.data);
      expect(everything).not.toContain(runtime.dataDir);
      const url = runtime.databaseUrl;
      if (url) expect(everything).not.toContain(new URL(url).pathname.slice(1));
    });
  });
}
