import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { BackupError, EXIT_REFUSED, EXIT_USAGE, backUp, backupFileName, backupKindOf, restore } from "./backups.server";

const dir = mkdtempSync(path.join(os.tmpdir(), "metryka-backups-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusal(run: Promise<unknown>): Promise<BackupError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

describe("backups", () => {
  it("names a backup by its time in ISO 8601's basic form", () => {
    const at = new Date("2026-11-25T01:40:38.123Z");
    expect(backupFileName("sqlite", at)).toBe("metryka-20261125T014038Z.sqlite");
    expect(backupFileName("postgres", at)).toBe("metryka-20261125T014038Z.pgdump");
  });

  it("copies an SQLite database, knows the file for one, and restores it only into an empty or forced database", async () => {
    const live = { dataDir: path.join(dir, "live") };
    expect((await refusal(backUp(live, dir))).exitCode).toBe(EXIT_USAGE);
    mkdirSync(live.dataDir);
    const db = new SQLite(path.join(live.dataDir, "metryka.sqlite"));
    db.pragma("journal_mode = WAL");
    db.exec("create table t (n integer); insert into t values (1), (2)");
    const file = await backUp(live, path.join(dir, "backups"), new Date("2026-11-25T01:40:38Z"));
    expect(path.basename(file)).toBe("metryka-20261125T014038Z.sqlite");
    expect(backupKindOf(file)).toBe("sqlite");
    // One file, nothing beside it: no write-ahead log, no half-written copy.
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    // ...and none made when it is opened, even read-only: the header says rollback journal (1), not WAL (2).
    expect([...readFileSync(file).subarray(18, 20)]).toEqual([1, 1]);

    db.exec("delete from t");
    const refused = await refusal(restore(live, file, { force: false }));
    expect(refused.exitCode).toBe(EXIT_REFUSED);
    expect(db.prepare("select count(*) as n from t").get()).toEqual({ n: 0 });
    db.close();
    await restore(live, file, { force: true });
    const back = new SQLite(path.join(live.dataDir, "metryka.sqlite"), { readonly: true });
    expect(back.prepare("select n from t order by n").all()).toEqual([{ n: 1 }, { n: 2 }]);
    back.close();

    const postgres = { dataDir: live.dataDir, databaseUrl: "postgres://nobody@127.0.0.1:1/none" };
    const wrongKind = await refusal(restore(postgres, file, { force: true }));
    expect(wrongKind.exitCode).toBe(EXIT_USAGE);
    expect(wrongKind.message).toContain("is a backup of SQLite, but this installation uses PostgreSQL");
    const notABackup = path.join(dir, "notes.txt");
    writeFileSync(notABackup, "not a database at all");
    expect(backupKindOf(notABackup)).toBeUndefined();
    expect((await refusal(restore(live, notABackup, { force: true }))).exitCode).toBe(EXIT_USAGE);
  });
});
