/**
 * npm run audit:sqlmap -- [--level 3] [--risk 2] [--target-seconds 600] [--databases sqlite,postgres]
 *                         [--only stpete,breyer] [--max-targets N] [--seed-records 2000] [--out .audit/sqlmap]
 *                         [--threads 4] [--any-dbms]
 *                         [--url http://host:port/path?a=1 (one foreign target instead of the site)]
 *
 * Issue 13 point 2: Debian's sqlmap against every GET parameter of every search, export and place search of the
 * catalog (app/catalog.ts), the public ones as a visitor and the members' ones with a member's session. Starts
 * the production build (`npm run build` first) on a fresh database with the demo seed (SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set), makes a member directly in it, and reads each search page's form for its
 * parameters. sqlmap talks to the server through a counting front in this process, which tallies requests and
 * statuses (a 5xx is a failure too: hostile input must be refused, not crash a query). Each target has a time
 * limit; a target cut short says which parameters it had finished. sqlmap's own files go to --out (gitignored).
 * sqlmap is told which database is behind the server (SQLite or PostgreSQL), as an attacker who read the
 * open-source code would be, so its payloads are that database's and a full pass fits in an hour; --any-dbms
 * sends every database's payloads (several times longer).
 * Prints a line per target, a summary, and as its last line one JSON object; exits 1 on any finding or 5xx.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { CATALOG } from "../app/catalog";
import { PATHS } from "../app/routing/paths";
import { PERSON_USER_AGENT, type RunningServer, makeAccount, startServer } from "../http-tests/server";
import { intArg, parseArgs } from "./args";
import { formParameters, readSqlmapOutput } from "./sqlmap-kit";

const args = parseArgs(process.argv.slice(2));
const level = intArg(args, "level", 3);
const risk = intArg(args, "risk", 2);
const targetSeconds = intArg(args, "target-seconds", 600);
const seedRecords = intArg(args, "seed-records", 2000);
const maxTargets = intArg(args, "max-targets", Number.MAX_SAFE_INTEGER);
const only = args.get("only")?.split(",");
const outDir = path.resolve(args.get("out") ?? ".audit/sqlmap");
const foreignUrl = args.get("url");
const threads = intArg(args, "threads", 4);
const anyDbms = args.has("any-dbms");
/** sqlmap's name of each database the site runs on. */
const SQLMAP_DBMS = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;
const databases = (args.get("databases") ?? (process.env.TEST_DATABASE_URL ? "sqlite,postgres" : "sqlite")).split(
  ",",
) as Array<"sqlite" | "postgres">;

interface Target {
  label: string;
  /** Path and query of the clean request, with every parameter given a value. */
  url: string;
  params: string[];
  cookie?: string;
}

interface TargetResult {
  database: string;
  label: string;
  params: number;
  tested: number;
  injectable: string[];
  /** Suspected by a first test, then cleared by sqlmap's own false-positive check. */
  cleared: string[];
  requests: number;
  statuses: Record<string, number>;
  seconds: number;
  timedOut: boolean;
  baselineStatus: number;
}

let addresses = 0;
/** A distinct private address per request (10.0.0.1 onwards). */
function nextAddress(): string {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A reverse proxy in front of the server that counts what sqlmap sends and what the server answers. */
async function countingFront(upstream: URL) {
  const tally = { requests: 0, statuses: {} as Record<string, number> };
  const server = http.createServer((req, res) => {
    tally.requests++;
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // Each request from an address of its own: the site's rate limits (exports 30 a minute per address) would
        // otherwise answer sqlmap 429 before its payloads reach a query. The server trusts the header (TRUST_PROXY).
        headers: { ...req.headers, host: upstream.host, "x-forwarded-for": nextAddress() },
      },
      (answer) => {
        tally.statuses[answer.statusCode!] = (tally.statuses[answer.statusCode!] ?? 0) + 1;
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      tally.statuses.error = (tally.statuses.error ?? 0) + 1;
      res.destroy();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    take() {
      const taken = { requests: tally.requests, statuses: { ...tally.statuses } };
      tally.requests = 0;
      tally.statuses = {};
      return taken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function getText(url: string, cookie?: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    headers: { "User-Agent": PERSON_USER_AGENT, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}

/** Every search, export and place search of the catalog (and the site-wide search), with the parameters its form sends. */
async function siteTargets(server: RunningServer, memberCookie: string): Promise<Target[]> {
  const pages: Array<{ label: string; search: string; export?: string; members: boolean }> = [
    { label: "all", search: PATHS.searchAll, members: false },
  ];
  for (const source of CATALOG) {
    if (!source.routes.search) continue;
    pages.push({
      label: source.id,
      search: source.routes.search,
      export: source.routes.export,
      members: source.access === "members",
    });
  }
  const targets: Target[] = [];
  for (const page of pages.filter((p) => !only || only.includes(p.label))) {
    const cookie = page.members ? memberCookie : undefined;
    const answer = await getText(`${server.url}${page.search}?${new URLSearchParams({ surname: "Schmidt" })}`, cookie);
    if (answer.status !== 200) throw new Error(`${page.search} answered ${answer.status}: is the member signed in?`);
    const fields = formParameters(answer.body, page.search);
    if (!fields.length) throw new Error(`${page.search} has no GET form`);
    const params = fields.map(([name]) => name);
    const query = new URLSearchParams(fields).toString();
    targets.push({ label: `${page.label} search`, url: `${page.search}?${query}`, params, cookie });
    if (page.export) targets.push({ label: `${page.label} export`, url: `${page.export}?${query}`, params, cookie });
  }
  return targets.slice(0, maxTargets);
}

function runSqlmap(
  target: Target,
  origin: string,
  dir: string,
  dbms: string | undefined,
): Promise<{ output: string; timedOut: boolean }> {
  const sqlmapArgs = [
    "-u",
    `${origin}${target.url}`,
    "-p",
    target.params.join(","),
    "--batch",
    `--level=${level}`,
    `--risk=${risk}`,
    "-A",
    PERSON_USER_AGENT,
    // The member's cookie on every request: the server's refreshed cookies would only lengthen the requests.
    "--drop-set-cookie",
    "--disable-coloring",
    "--flush-session",
    "--timeout=30",
    "--retries=1",
    `--output-dir=${dir}`,
    `--threads=${threads}`,
    ...(dbms ? [`--dbms=${dbms}`] : []),
    ...(target.cookie ? [`--cookie=${target.cookie}`] : []),
  ];
  return new Promise((resolve, reject) => {
    let output = "";
    let timedOut = false;
    const child: ChildProcess = spawn("sqlmap", sqlmapArgs, { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (c) => (output += String(c)));
    child.stderr!.on("data", (c) => (output += String(c)));
    // --target-seconds 0: no limit (a full pass at level 3 takes hours on a small machine).
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      },
      targetSeconds ? targetSeconds * 1000 : 2 ** 31 - 1,
    );
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(
        new Error(`sqlmap could not be run (${err.message}); on Debian or Ubuntu: sudo apt-get install -y sqlmap`),
      );
    });
    child.on("exit", () => {
      clearTimeout(timer);
      writeFileSync(path.join(dir, "console.txt"), output);
      resolve({ output, timedOut });
    });
  });
}

async function audit(
  database: string,
  targets: Target[],
  upstream: string,
  dbms: string | undefined,
): Promise<TargetResult[]> {
  const front = await countingFront(new URL(upstream));
  const results: TargetResult[] = [];
  try {
    for (const target of targets) {
      const baseline = await getText(`${front.origin}${target.url}`, target.cookie);
      front.take();
      const dir = path.join(outDir, database, target.label.replace(/[^A-Za-z0-9]+/g, "-"));
      mkdirSync(dir, { recursive: true });
      const t0 = Date.now();
      // A refused clean request: sqlmap would only meet the refusal. Reported as unreached, not audited.
      const reached = baseline.status >= 200 && baseline.status <= 299;
      const { output, timedOut } = reached
        ? await runSqlmap(target, front.origin, dir, dbms)
        : { output: "", timedOut: false };
      const outcome = readSqlmapOutput(output);
      const traffic = front.take();
      const result: TargetResult = {
        database,
        label: target.label,
        params: target.params.length,
        tested: outcome.clean.length + outcome.cleared.length + outcome.injectable.length,
        injectable: outcome.injectable,
        cleared: outcome.cleared,
        requests: traffic.requests,
        statuses: traffic.statuses,
        seconds: Math.round((Date.now() - t0) / 1000),
        timedOut,
        baselineStatus: baseline.status,
      };
      results.push(result);
      process.stdout.write(
        `${database} ${target.label}: ${result.tested}/${result.params} parameters tested, ${result.requests} requests ` +
          `${JSON.stringify(result.statuses)} in ${result.seconds} s${timedOut ? " (time limit)" : ""}` +
          `${result.cleared.length ? ` (cleared by sqlmap's false-positive check: ${result.cleared.join(", ")})` : ""}` +
          `${result.injectable.length ? ` INJECTABLE: ${result.injectable.join(", ")}` : ""}\n`,
      );
    }
  } finally {
    await front.close();
  }
  return results;
}

async function main() {
  const t0 = Date.now();
  const results: TargetResult[] = [];
  if (foreignUrl) {
    const url = new URL(foreignUrl);
    const params = [...url.searchParams.keys()];
    const found = await audit(
      "foreign",
      [{ label: url.pathname, url: url.pathname + url.search, params }],
      url.origin,
      undefined,
    );
    for (const r of found) results.push(r);
  } else {
    for (const kind of databases) {
      const server = await startServer({ kind, seedRecords, env: { TRUST_PROXY: "1" } });
      try {
        const db = server.openDatabase();
        const member = await makeAccount(db);
        await db.close();
        const targets = await siteTargets(server, member.cookie);
        const found = await audit(kind, targets, server.url, anyDbms ? undefined : SQLMAP_DBMS[kind]);
        for (const r of found) results.push(r);
        if (server.exited()) throw new Error(`the ${kind} server died during the audit:\n${server.output()}`);
      } finally {
        await server.stop();
      }
    }
  }
  const findings = results.flatMap((r) => r.injectable.map((p) => `${r.database} ${r.label} ${p}`));
  const cleared = results.flatMap((r) => r.cleared.map((p) => `${r.database} ${r.label} ${p}`));
  const serverErrors = results.reduce(
    (n, r) => n + Object.entries(r.statuses).reduce((m, [s, c]) => m + (Number(s) >= 500 || s === "error" ? c : 0), 0),
    0,
  );
  // A clean request that is refused means sqlmap only ever met the refusal, not the query behind it.
  const unreached = results.filter((r) => r.baselineStatus < 200 || r.baselineStatus > 299).map((r) => r.label);
  const summary = {
    audit: "sqlmap",
    date: new Date().toISOString(),
    level,
    risk,
    targetSeconds,
    threads,
    dbms: anyDbms ? "any" : "the server's own",
    targets: results.length,
    parameters: results.reduce((n, r) => n + r.params, 0),
    parametersTested: results.reduce((n, r) => n + r.tested, 0),
    requests: results.reduce((n, r) => n + r.requests, 0),
    timedOut: results.filter((r) => r.timedOut).length,
    seconds: Math.round((Date.now() - t0) / 1000),
    serverErrors,
    unreached,
    findings,
    cleared,
    results,
  };
  process.stdout.write(
    `\n${summary.targets} targets, ${summary.parametersTested}/${summary.parameters} parameters tested, ` +
      `${summary.requests} requests, ${summary.timedOut} cut short by the time limit, ${summary.seconds} s; ` +
      `findings: ${findings.length ? findings.join("; ") : "none"}` +
      `${cleared.length ? ` (cleared by sqlmap's false-positive check: ${cleared.join("; ")})` : ""}; 5xx or broken connections: ${serverErrors}` +
      `${unreached.length ? `; refused before the query: ${unreached.join(", ")}` : ""}\n`,
  );
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  if (findings.length || serverErrors || unreached.length) process.exit(1);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(2);
});
