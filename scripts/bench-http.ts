/**
 * npm run bench:http -- [--connections 50] [--seconds 10] [--repeat 1] [--seed-records 100000]
 *                        [--only home,search,search-unique,search-unique-de,members-search] [--port 3610 (the ceiling on the next one)] [--profile dir]
 *                        [--kind sqlite|postgres] [--heap-growing-percent N] [--semi-space-mb N]
 *
 * Server time per page (issue 12 item 2). Starts the production build
 * (`build/server.js`, so run `npm run build` first) as a child process on a
 * fresh SQLite data folder with the demo seed, and beside it a bare Express
 * handler with the same compression that answers each page's own bytes: the
 * ceiling, measured in the same run on the same machine. For every page kind
 * it loads both with autocannon and reports requests/s, p50/p99 latency,
 * errors, the server's CPU per request (user + system time of the server
 * process from /proc/PID/stat over the run, so the load generator's own
 * CPU is not counted) and its RSS before and after. Prints a table and, as
 * its last line, one JSON object with every figure. The heap options give the server V8's flags in place of the
 * site's own settings (decision 0052), to compare.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { intArg, parseArgs } from "./args";
import { makeAccount, startServer } from "../http-tests/server";
import { BROTLI_QUALITY, BROTLI_WINDOW_BITS } from "../app/server/compression-settings";
import { firstRecordPath, serverHeapArgs } from "./bench-kit";

const args = parseArgs(process.argv.slice(2));
const connections = intArg(args, "connections", 50);
const seconds = intArg(args, "seconds", 10);
const repeat = Math.max(1, intArg(args, "repeat", 1));
const seedRecords = intArg(args, "seed-records", 100_000);
const only = args.get("only")?.split(",");
/** The server's database: SQLite in a temporary folder, or a throwaway PostgreSQL database on TEST_DATABASE_URL. */
const kind = (args.get("kind") ?? "sqlite") as "sqlite" | "postgres";
/** The server under test and the ceiling beside it. */
const port = intArg(args, "port", 3610);
/** A folder for a V8 CPU profile of the server over the whole run (node --cpu-prof), to see where the time goes. */
const profileDir = args.get("profile");
/** V8's heap flags for the server, when they should not be the site's own (app/server/heap-settings.ts). */
const serverHeap = serverHeapArgs(args);
/** Browsers ask for brotli first; the server and the ceiling both honour it. */
const ACCEPT_ENCODING = "br, gzip";
const TICKS_PER_SECOND = 100; // Linux USER_HZ, the unit of utime/stime in /proc/PID/stat

interface ProcessSample {
  cpuMs: number;
  rssMb: number;
  /** The heap and other private memory; the rest of RSS is mapped files (SQLite's 1 GB mmap of the database). */
  anonMb: number;
}

/** User + system CPU of a process so far, and its resident memory, read from /proc (no endpoint in the server). */
function sample(pid: number): ProcessSample {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND,
    rssMb: Math.round(kb("VmRSS") / 1024),
    anonMb: Math.round(kb("RssAnon") / 1024),
  };
}

interface RunFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  cpuMsPerRequest: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  anonAfterMb: number;
}

async function load(pid: number, url: string, headers: Record<string, string>, unique = false): Promise<RunFigures> {
  const before = sample(pid);
  let asked = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": ACCEPT_ENCODING, ...headers },
    // Every request a page nobody asked for before (a campaign tag on the link, as links from elsewhere carry).
    ...(unique
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const at = request.path ?? "/";
                return { ...request, path: `${at}${at.includes("?") ? "&" : "?"}utm_content=${++asked}` };
              },
            },
          ],
        }
      : {}),
  });
  const after = sample(pid);
  const requests = result.requests.total;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    // A revalidation's 304 is the answer wanted; what counts as a failure is a 4xx or 5xx.
    non2xx: result["4xx"] + result["5xx"],
    requests,
    cpuMsPerRequest: requests ? Number(((after.cpuMs - before.cpuMs) / requests).toFixed(2)) : 0,
    rssBeforeMb: before.rssMb,
    rssAfterMb: after.rssMb,
    anonAfterMb: after.anonMb,
  };
}

/** The ceiling: Express with the server's compression settings (server.ts), sending fixed bytes per path. */
const CEILING_SOURCE = `
import zlib from "node:zlib";
import { readFileSync } from "node:fs";
import compression from "compression";
import express from "express";
const pages = JSON.parse(readFileSync(process.env.PAGES_FILE, "utf8"));
const app = express();
app.disable("x-powered-by");
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: ${BROTLI_QUALITY}, [zlib.constants.BROTLI_PARAM_LGWIN]: ${BROTLI_WINDOW_BITS} } } }));
app.get("*", (req, res) => {
  const page = pages[req.path];
  if (!page) return res.status(404).end();
  if (page.notModified) return res.status(304).end();
  res.type(page.type).send(page.body);
});
app.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

async function startCeiling(dir: string, pages: Record<string, { type: string; body: string }>, port: number) {
  const pagesFile = path.join(dir, "pages.json");
  writeFileSync(pagesFile, JSON.stringify(pages));
  // Inside the checkout, so that it finds the same express and compression as the server.
  const script = path.resolve("build", ".bench-ceiling.mjs");
  writeFileSync(script, CEILING_SOURCE);
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: { ...process.env, PAGES_FILE: pagesFile, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the ceiling server exited (${code})`)));
    child.stdout!.on("data", (c) => String(c).includes("ready") && resolve());
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(script, { force: true });
    },
  };
}

interface Page {
  kind: string;
  path: string;
  cookie?: string;
  /** Asked with the page's own ETag in If-None-Match: a browser revalidating its copy (answered 304). */
  revalidate?: boolean;
  /** Every request a different address for the same page: nothing kept answers it (decision 0051). */
  unique?: boolean;
}

async function fetchPage(
  url: string,
  cookie?: string,
): Promise<{ status: number; type: string; body: string; etag: string | null }> {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "text/html",
    etag: response.headers.get("etag"),
    body: await response.text(),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "perf2-bench-http-"));
  // The demo seed runs on a first start of its own: the server measured is a site restarted on its data, so its
  // memory and its profile are the pages' and not the seed's (a seed is done once in a site's life).
  const seeded = await startServer({ kind, dataDir, seedRecords, port });
  // stop() would drop a PostgreSQL server's database; the seed is committed once the server answers.
  await (kind === "postgres" ? seeded.kill() : seeded.stop());
  const server = await startServer({
    kind,
    dataDir,
    seedRecords,
    port,
    databaseName: seeded.databaseName,
    nodeArgs: [
      ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
      ...serverHeap.nodeArgs,
    ],
  });
  const ceilingDir = mkdtempSync(path.join(os.tmpdir(), "perf2-bench-ceiling-"));
  let ceiling: Awaited<ReturnType<typeof startCeiling>> | undefined;
  try {
    const database = server.openDatabase();
    const member = await makeAccount(database);
    await database.close();

    const search = "/stpete/birth/search?surname=Schmidt";
    const searchPage = await fetchPage(server.url + search);
    const recordPath = firstRecordPath(searchPage.body);
    if (!recordPath) throw new Error("the search page links no record: is the demo seed there?");
    const pages: Page[] = [
      { kind: "home", path: "/" },
      { kind: "search", path: search },
      { kind: "search-revalidated", path: search, revalidate: true },
      // Ranked (a name given: best match first), in each language (decision 0071), each address asked only once.
      { kind: "search-unique", path: search, unique: true },
      ...(["de", "pl", "ru", "uk"] as const).map((language) => ({
        kind: `search-unique-${language}`,
        path: `${search}&lng=${language}`,
        unique: true,
      })),
      { kind: "record", path: recordPath },
      { kind: "breyer", path: "/breyer/map/search?name=neu" },
      { kind: "members-search", path: "/members/lublin/birth/search?surname=Schmidt", cookie: member.cookie },
      { kind: "healthz", path: "/healthz" },
    ].filter((p) => !only || only.includes(p.kind));

    const ceilingPages: Record<string, { type: string; body: string; notModified?: boolean }> = {};
    const sizes: Record<string, number> = {};
    const extraHeaders: Record<string, Record<string, string>> = {};
    for (const page of pages) {
      const answer = await fetchPage(server.url + page.path, page.cookie);
      if (answer.status !== 200) throw new Error(`${page.path} answered ${answer.status}`);
      ceilingPages[`/${page.kind}`] = { type: answer.type, body: answer.body, notModified: page.revalidate };
      sizes[page.kind] = Buffer.byteLength(answer.body);
      const headers: Record<string, string> = page.cookie ? { cookie: page.cookie } : {};
      if (page.revalidate) {
        if (!answer.etag) throw new Error(`${page.path} has no ETag to revalidate with`);
        headers["if-none-match"] = answer.etag;
      }
      extraHeaders[page.kind] = headers;
    }
    ceiling = await startCeiling(ceilingDir, ceilingPages, port + 1);

    const rows: Record<string, unknown>[] = [];
    const start = sample(server.process.pid!);
    for (let round = 1; round <= repeat; round++) {
      for (const page of pages) {
        const app = await load(server.process.pid!, server.url + page.path, extraHeaders[page.kind] ?? {}, page.unique);
        const bare = await load(ceiling.pid, `${ceiling.url}/${page.kind}`, {});
        rows.push({
          round,
          kind: page.kind,
          bytes: sizes[page.kind],
          app,
          ceiling: bare,
          share: Number((app.requestsPerSecond / Math.max(1, bare.requestsPerSecond)).toFixed(3)),
        });
        const line = (label: string, f: RunFigures) =>
          `${label.padEnd(8)} ${String(f.requestsPerSecond).padStart(6)} req/s  p50 ${String(f.p50Ms).padStart(5)} ms  p99 ${String(f.p99Ms).padStart(5)} ms  cpu ${f.cpuMsPerRequest.toFixed(2).padStart(6)} ms/req  errors ${f.errors + f.non2xx}  rss ${f.rssBeforeMb}→${f.rssAfterMb} MB (${f.anonAfterMb} anon)`;
        process.stdout.write(
          `${page.kind} (${sizes[page.kind]} B, round ${round})\n  ${line("app", app)}\n  ${line("ceiling", bare)}\n`,
        );
      }
    }
    // Memory after the load has stopped: it should fall back toward where it started.
    await new Promise((r) => setTimeout(r, 5_000));
    const end = sample(server.process.pid!);
    process.stdout.write(
      `server RSS: ${start.rssMb} MB (${start.anonMb} anon) before the load, ${end.rssMb} MB (${end.anonMb} anon) five seconds after it\n`,
    );
    const summary = {
      bench: "http",
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
      connections,
      seconds,
      seedRecords,
      kind,
      heap: serverHeap.heap,
      rssStartMb: start.rssMb,
      rssEndMb: end.rssMb,
      anonStartMb: start.anonMb,
      anonEndMb: end.anonMb,
      rows,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } finally {
    ceiling?.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(ceilingDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
