import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSON_USER_AGENT, type RunningServer, adminQuery, postgresAdminUrl, startServer } from "./server";

/**
 * Issue #8, point 1: PostgreSQL goes away under load (its connections are
 * terminated — 57P01, as in a restart — and it refuses new ones for a while).
 * Only this test's own database is touched, so other tests on the same
 * PostgreSQL carry on. The process must not exit; every answer meanwhile is
 * a 200 or a clear 503 with Retry-After; it recovers by itself.
 */
const CONCURRENCY = 20;
const SURNAMES = ["Schmidt", "Kowalski", "Müller", "Iwanow", "Wagner", "Nowak", "Szulc", "Petrow"];

describe.skipIf(!postgresAdminUrl)("a PostgreSQL outage under load", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ kind: "postgres", seedRecords: 2_000 });
  });
  afterAll(async () => {
    if (server?.databaseName)
      await adminQuery(`alter database ${server.databaseName} allow_connections true`).catch(() => {});
    await server?.stop();
  });

  const takeAway = async () => {
    await adminQuery(`alter database ${server.databaseName} allow_connections false`);
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${server.databaseName}' and pid <> pg_backend_pid()`,
    );
  };
  const bringBack = () => adminQuery(`alter database ${server.databaseName} allow_connections true`);

  it("answers 503 while the database is away and 200 after, without exiting", async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let stop = false;
    const worker = async (i: number) => {
      for (let n = 0; !stop; n++) {
        const surname = SURNAMES[(i + n) % SURNAMES.length]!;
        try {
          const response = await fetch(
            `${server.url}/stpete/birth/search?surname=${encodeURIComponent(surname)}&page=${1 + (n % 3)}`,
            {
              headers: { "User-Agent": PERSON_USER_AGENT },
            },
          );
          const body = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 503) {
            if (response.headers.get("Retry-After") !== "10") failures.push("503 without Retry-After");
            if (!body.includes("The database is restarting — try again in a moment."))
              failures.push("503 without the message");
          } else if (response.status !== 200) failures.push(`status ${response.status}`);
        } catch (error) {
          failures.push(`request failed: ${String(error)}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
    await new Promise((r) => setTimeout(r, 1_500));
    await takeAway();
    await new Promise((r) => setTimeout(r, 300));
    // A second blow while requests hold fresh connection attempts.
    await adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${server.databaseName}' and pid <> pg_backend_pid()`,
    );
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      status: "unavailable",
      database: "postgres",
      reachable: false,
      storage: "ok",
    });
    const page = await fetch(`${server.url}/stpete/birth/search?surname=Schmidt`, {
      headers: { "User-Agent": PERSON_USER_AGENT },
    });
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("10");
    expect(await page.text()).toContain("The database is restarting — try again in a moment.");
    await new Promise((r) => setTimeout(r, 2_000));
    await bringBack();
    await new Promise((r) => setTimeout(r, 2_000));
    stop = true;
    await load;

    expect(server.exited(), server.output()).toBe(false);
    expect(failures, JSON.stringify([...statuses])).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    // Recovered by itself.
    const healthy = await fetch(`${server.url}/healthz`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: "ok", database: "postgres", reachable: true, storage: "ok" });
    const after = await fetch(`${server.url}/stpete/birth/search?surname=Schmidt`, {
      headers: { "User-Agent": PERSON_USER_AGENT },
    });
    expect(after.status).toBe(200);
    expect(server.output()).not.toMatch(/Unhandled 'error' event/);
  });

  it("answers the CSV export and payload files with 503 too, not a cut-off 200", async () => {
    await takeAway();
    try {
      const csv = await fetch(`${server.url}/stpete/birth/export.csv?surname=Schmidt`);
      expect(csv.status).toBe(503);
      expect(csv.headers.get("Retry-After")).toBe("10");
      const payload = await fetch(`${server.url}/stpete/birth/search/_payload.json?surname=Schmidt`);
      expect(payload.status).toBe(503);
      expect(((await payload.json()) as { message: string }).message).toContain("The database is restarting");
    } finally {
      await bringBack();
    }
    expect(server.exited()).toBe(false);
  });
});
