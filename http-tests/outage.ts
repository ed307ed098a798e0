/**
 * A PostgreSQL outage under load, shared by the test (http-tests/database-outage.test.ts) and its long form
 * (npm run bench:outage): visitors searching without a pause while the server's database goes away and comes back,
 * every answer judged (a 200, or the 503 page with Retry-After) and timed, so that the time to notice the outage
 * and the time to recover from it can be read off.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { DATABASE_RETRY_AFTER_SECONDS } from "../app/config/timing";
import { DATABASE_RESTARTING_MESSAGE } from "../app/server/availability.server";
import { PERSON_USER_AGENT, type RunningServer, adminQuery } from "./server";

const SURNAMES = ["Schmidt", "Kowalski", "Müller", "Iwanow", "Wagner", "Nowak", "Szulc", "Petrow"];

/** Terminates the server's own database's connections, as a restart does (57P01), and refuses new ones. */
export async function takeDatabaseAway(databaseName: string): Promise<void> {
  await adminQuery(`alter database ${databaseName} allow_connections false`);
  await terminateConnections(databaseName);
}

export async function terminateConnections(databaseName: string): Promise<void> {
  await adminQuery(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
  );
}

export async function bringDatabaseBack(databaseName: string): Promise<void> {
  await adminQuery(`alter database ${databaseName} allow_connections true`);
}

/**
 * Stops or starts the whole local cluster (`pg_ctlcluster`): a real restart, which every other user of the cluster
 * sees too, so only a long run alone uses it.
 */
export function controlCluster(action: "stop" | "start"): void {
  // The first installed version, as .ci/run starts it.
  const version = readdirSync("/etc/postgresql").sort()[0]!;
  const args = ["--skip-systemctl-redirect", version, "main", action, ...(action === "stop" ? ["-m", "fast"] : [])];
  execFileSync("pg_ctlcluster", args, { stdio: "ignore" });
}

export interface OutageAnswer {
  /** Milliseconds since the load started, when the answer came. */
  at: number;
  status: number;
  ms: number;
}

export interface OutageLoad {
  /** Milliseconds since the load started. */
  now(): number;
  /** Stops the users and waits for their last requests. */
  stop(): Promise<{ answers: OutageAnswer[]; failures: string[] }>;
}

/** `users` visitors, each searching without a pause (three pages of eight surnames), until stopped. */
export function outageLoad(server: RunningServer, users: number): OutageLoad {
  const started = performance.now();
  const now = () => performance.now() - started;
  const answers: OutageAnswer[] = [];
  const failures: string[] = [];
  let stopping = false;
  const user = async (i: number) => {
    for (let n = 0; !stopping; n++) {
      const surname = SURNAMES[(i + n) % SURNAMES.length]!;
      const sent = now();
      try {
        const response = await fetch(
          `${server.url}/stpete/birth/search?surname=${encodeURIComponent(surname)}&page=${1 + (n % 3)}`,
          { headers: { "User-Agent": PERSON_USER_AGENT } },
        );
        const body = await response.text();
        const at = now();
        answers.push({ at, status: response.status, ms: at - sent });
        if (response.status === 503) {
          if (response.headers.get("Retry-After") !== String(DATABASE_RETRY_AFTER_SECONDS))
            failures.push("503 without Retry-After");
          if (!body.includes(DATABASE_RESTARTING_MESSAGE)) failures.push("503 without the message");
        } else if (response.status !== 200) failures.push(`status ${response.status}`);
      } catch (error) {
        failures.push(`request failed: ${String(error)}`);
      }
    }
  };
  const running = Promise.all(Array.from({ length: users }, (_, i) => user(i)));
  return {
    now,
    async stop() {
      stopping = true;
      await running;
      return { answers, failures };
    },
  };
}

export interface OutageTimeline {
  /** From the database going away to the first 503. */
  noticedMs?: number;
  /** From the database coming back to the first 200 with no 503 after it. */
  recoveredMs?: number;
  /** From the first 503 to the last. */
  unavailableMs?: number;
  statuses: Record<string, number>;
}

/** Reads the outage's times off the answers: `awayAt` and `backAt` are when the database went and came back. */
export function outageTimeline(answers: OutageAnswer[], awayAt: number, backAt: number): OutageTimeline {
  const byTime = [...answers].sort((a, b) => a.at - b.at);
  const statuses: Record<string, number> = {};
  for (const a of byTime) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const unavailable = byTime.filter((a) => a.status === 503);
  const first503 = unavailable[0];
  const last503 = unavailable.at(-1);
  const recovered = byTime.find((a) => a.status === 200 && a.at > backAt && (!last503 || a.at > last503.at));
  return {
    noticedMs: first503 && first503.at - awayAt,
    recoveredMs: recovered && recovered.at - backAt,
    unavailableMs: first503 && last503 && last503.at - first503.at,
    statuses,
  };
}
