/**
 * npm run bench:soak -- [--users 100] [--seconds 600] [--warmup-seconds 60] [--seed-records 20000]
 *                       [--kind sqlite|postgres] [--max-p99-ms N] [--think-ms 0] [--trace-gc FILE]
 *                       [--heap-growing-percent N] [--semi-space-mb N]
 *
 * Issue 13 point 4: many members at once, for a long time. Starts the production build (`npm run build` first)
 * on a fresh database with the demo seed (PostgreSQL with --kind postgres and TEST_DATABASE_URL), makes one
 * account per virtual user directly in it, and lets every user loop through what members do, with no pause
 * between requests unless --think-ms gives the mean of a pause (exponentially distributed, as a person reading a
 * page) before each:
 * sign in (the token API, now and then), search a public or a members' collection, go to the next page, open a
 * record, refresh the access token (rotating the refresh cookie), and export the search as CSV: first for
 * --warmup-seconds (errors count, latencies do not), then for --seconds, measured. Each user has
 * its own address (X-Forwarded-For, with TRUST_PROXY=1 as behind the reverse proxy), as real members do, so the
 * per-address sign-in limits see a hundred people rather than one. The server's resident memory is read from
 * /proc every second. Prints counts, statuses and p50/p95/p99 per kind of request, RSS just after the warm-up and at
 * the end, and as its last line one JSON object. Exits 1 on any 5xx, failed connection or unexpected status, on
 * memory growth over 10 % after the warm-up, or on a p99 over --max-p99-ms when given; 429s are counted apart.
 * --heap-growing-percent and --semi-space-mb give the server V8's heap flags in place of the site's own settings
 * (0: V8's own growing factor), to compare memory with and without them (decision 0052).
 */
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { type Account, PERSON_USER_AGENT, makeAccount, startServer } from "../http-tests/server";
import { intArg, parseArgs } from "./args";
import { percentile, round, serverHeapArgs } from "./bench-kit";

const args = parseArgs(process.argv.slice(2));
const users = intArg(args, "users", 100);
const seconds = intArg(args, "seconds", 600);
/** Load before the measured time: the heap and caches fill; its latencies are not counted, its errors are. */
const warmupSeconds = intArg(args, "warmup-seconds", 60);
const seedRecords = intArg(args, "seed-records", 20_000);
const kind = (args.get("kind") ?? "sqlite") as "sqlite" | "postgres";
const maxP99Ms = args.has("max-p99-ms") ? intArg(args, "max-p99-ms", 0) : undefined;
/** Where to write the server's `--trace-gc` lines, to tell a heap that grows from one not yet collected. */
const traceGcFile = args.get("trace-gc");
/** V8's heap flags for the server, when they should not be the site's own (app/server/heap-settings.ts). */
const serverHeap = serverHeapArgs(args);
/** The mean pause before each request, in ms; 0: none, every user always has a request in flight. */
const thinkMs = intArg(args, "think-ms", 0);
/** How much resident memory may grow from just after the warm-up to the end. */
const MAX_GROWTH = 0.1;
/** A user signs in again every this many rounds: sign-in hashes a password, the dearest request there is. */
const SIGN_IN_EVERY_ROUNDS = 10;
const SAMPLE_INTERVAL_MS = 1000;

const SURNAMES = ["Schmidt", "Kowalski", "Nowak", "Müller", "Wiśniewski", "Lewandowski", "Ivanov", "Meyer"];
const SEARCHES = ["/stpete/birth/search", "/stpete/death/search", "/members/lublin/birth/search"];

type Kind = "sign-in" | "search" | "next-page" | "record" | "refresh" | "export";

interface Tally {
  latencies: number[];
  statuses: Record<string, number>;
}

const tallies = new Map<Kind, Tally>();
/** When the warm-up ends (epoch ms). */
let measureFrom = Number.MAX_SAFE_INTEGER;
const failures: string[] = [];

function tally(kind: Kind): Tally {
  let t = tallies.get(kind);
  if (!t) tallies.set(kind, (t = { latencies: [], statuses: {} }));
  return t;
}

interface User {
  account: Account;
  ip: string;
  cookie: string;
}

async function request(
  base: string,
  user: User,
  kind: Kind,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: string } | null> {
  if (thinkMs > 0) await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * thinkMs));
  const t0 = performance.now();
  const t = tally(kind);
  try {
    const response = await fetch(base + path, {
      ...init,
      redirect: "manual",
      headers: {
        "User-Agent": PERSON_USER_AGENT,
        "X-Forwarded-For": user.ip,
        Cookie: user.cookie,
        ...(init.headers as Record<string, string>),
      },
    });
    const body = await response.text();
    if (Date.now() >= measureFrom) t.latencies.push(performance.now() - t0);
    t.statuses[response.status] = (t.statuses[response.status] ?? 0) + 1;
    const refreshed = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("metryka_refresh="));
    if (refreshed) user.cookie = refreshed;
    if (response.status !== 200 && response.status !== 429 && failures.length < 50)
      failures.push(`${kind} ${path}: ${response.status} ${body.slice(0, 200)}`);
    return { status: response.status, body };
  } catch (err) {
    t.statuses.error = (t.statuses.error ?? 0) + 1;
    if (failures.length < 50) failures.push(`${kind} ${path}: ${String(err)}`);
    return null;
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const unescape = (href: string) => href.replace(/&amp;/g, "&");

async function signIn(base: string, user: User) {
  await request(base, user, "sign-in", "/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: user.account.username, password: user.account.password }),
  });
}

/**
 * One user's loop until the deadline: what a member does in a visit (pausing only with --think-ms). Users start
 * signed in (a session made directly, as after an earlier visit) and sign in again every few rounds, each at its
 * own turn, so that a hundred password hashes do not all fall in the first seconds.
 */
async function visit(base: string, user: User, turn: number, deadline: number) {
  for (let round = 1; Date.now() < deadline; round++) {
    if ((round + turn) % SIGN_IN_EVERY_ROUNDS === 0) await signIn(base, user);
    const searchPath = pick(SEARCHES);
    const query = new URLSearchParams({ surname: pick(SURNAMES) }).toString();
    const search = await request(base, user, "search", `${searchPath}?${query}`);
    const next =
      search && /<a[^>]*href="([^"]+)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]+)"/.exec(search.body);
    if (next) await request(base, user, "next-page", unescape(next[1] ?? next[2]!));
    const record = search && /href="([^"]*\/record\/[^"?#]+)[?"]/.exec(search.body);
    if (record) await request(base, user, "record", unescape(record[1]!));
    await request(base, user, "refresh", "/api/auth/refresh");
    await request(base, user, "export", `${searchPath.replace(/\/search$/, "/export.csv")}?${query}`);
  }
}

/** Resident memory, and its anonymous part (the heap; the rest is mapped files such as SQLite's mmap), in MB. */
function memoryMb(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb("VmRSS"), anon: mb("RssAnon") };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main() {
  const server = await startServer({
    kind,
    seedRecords,
    env: { TRUST_PROXY: "1" },
    nodeArgs: [...(traceGcFile ? ["--trace-gc"] : []), ...serverHeap.nodeArgs],
  });
  try {
    const database = server.openDatabase();
    const accounts: Account[] = [];
    for (let i = 0; i < users; i++) accounts.push(await makeAccount(database));
    await database.close();
    const pid = server.process.pid!;
    const rss: number[] = [];
    const anon: number[] = [];
    const sampler = setInterval(() => {
      const m = memoryMb(pid);
      rss.push(m.rss);
      anon.push(m.anon);
    }, SAMPLE_INTERVAL_MS);
    const t0 = Date.now();
    measureFrom = t0 + warmupSeconds * 1000;
    const deadline = measureFrom + seconds * 1000;
    // Private addresses, one per user.
    const population: User[] = accounts.map((account, i) => ({
      account,
      ip: `10.${Math.floor(i / 250) % 250}.${i % 250}.${1 + (i % 200)}`,
      cookie: account.cookie,
    }));
    await Promise.all(population.map((user, i) => visit(server.url, user, i, deadline)));
    clearInterval(sampler);
    const elapsed = (Date.now() - measureFrom) / 1000;

    // Memory just after the warm-up and at the end, each the median of a few seconds' samples.
    const window = Math.max(3, Math.min(15, Math.round(rss.length / 20)));
    const afterWarmup = rss.slice(warmupSeconds, warmupSeconds + window);
    const end = rss.slice(-window);
    const rssAfterWarmupMb = median(afterWarmup.length ? afterWarmup : rss);
    const rssEndMb = median(end);
    const growth = rssAfterWarmupMb ? (rssEndMb - rssAfterWarmupMb) / rssAfterWarmupMb : 0;
    const anonAfterWarmupMb = median(anon.slice(warmupSeconds, warmupSeconds + window));
    const anonEndMb = median(anon.slice(-window));

    const all: number[] = [];
    const kinds = [...tallies].map(([k, t]) => {
      const sorted = [...t.latencies].sort((a, b) => a - b);
      for (const latency of sorted) all.push(latency);
      return {
        kind: k,
        requests: Object.values(t.statuses).reduce((a, b) => a + b, 0),
        statuses: t.statuses,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        p99Ms: round(percentile(sorted, 99)),
      };
    });
    all.sort((a, b) => a - b);
    const count = (test: (status: string) => boolean) =>
      [...tallies.values()].reduce(
        (n, t) => n + Object.entries(t.statuses).reduce((m, [s, c]) => m + (test(s) ? c : 0), 0),
        0,
      );
    const errors = count((s) => s === "error" || Number(s) >= 500);
    const unexpected = count((s) => s !== "200" && s !== "429" && s !== "error" && Number(s) < 500);
    const throttled = count((s) => s === "429");
    const requests = count(() => true);
    const p99Ms = round(percentile(all, 99));
    const serverLoggedErrors = (server.output().match(/"level":50/g) ?? []).length;

    for (const k of kinds)
      process.stdout.write(
        `${k.kind.padEnd(10)} ${String(k.requests).padStart(7)} requests  p50 ${k.p50Ms.toFixed(1).padStart(7)} ms  ` +
          `p95 ${k.p95Ms.toFixed(1).padStart(7)} ms  p99 ${k.p99Ms.toFixed(1).padStart(7)} ms  ${JSON.stringify(k.statuses)}\n`,
      );
    process.stdout.write(
      `${users} users (mean pause ${thinkMs} ms), ${Math.round(elapsed)} s, ${requests} requests (${Math.round(all.length / elapsed)}/s after the warm-up), ` +
        `p99 ${p99Ms} ms; errors ${errors}, unexpected statuses ${unexpected}, 429s ${throttled}; ` +
        `RSS ${rssAfterWarmupMb} MB after the warm-up, ${rssEndMb} MB at the end (${(growth * 100).toFixed(1)} %; ` +
        `heap and other anonymous memory ${anonAfterWarmupMb} → ${anonEndMb} MB); ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}\n`,
    );
    for (const failure of failures.slice(0, 10)) process.stdout.write(`  ${failure}\n`);
    const summary = {
      bench: "soak",
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
      kind,
      users,
      thinkMs,
      heap: serverHeap.heap,
      seconds: Math.round(elapsed),
      warmupSeconds,
      seedRecords,
      requests,
      requestsPerSecond: Math.round(all.length / elapsed),
      errors,
      unexpected,
      throttled,
      serverLoggedErrors,
      p50Ms: round(percentile(all, 50)),
      p95Ms: round(percentile(all, 95)),
      p99Ms,
      rssAfterWarmupMb,
      rssEndMb,
      rssMaxMb: rss.reduce((a, b) => Math.max(a, b), -Infinity),
      anonAfterWarmupMb,
      anonEndMb,
      memoryGrowth: round(growth),
      kinds,
      rss,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    const failed =
      errors > 0 ||
      unexpected > 0 ||
      serverLoggedErrors > 0 ||
      growth > MAX_GROWTH ||
      (maxP99Ms !== undefined && p99Ms > maxP99Ms);
    if (failed) process.exitCode = 1;
  } finally {
    if (traceGcFile) {
      const gcLines = server
        .output()
        .split("\n")
        .filter((line) => /ms: (Scavenge|Mark-Compact|Mark-Sweep|Minor)/.test(line));
      writeFileSync(traceGcFile, gcLines.join("\n") + "\n");
    }
    await server.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(2);
});
