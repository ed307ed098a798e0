/**
 * npm run bench:render -- --data-dir DIR [--requests 400] [--warmup 100] [--block 20]
 *                          [--build build,/other/checkout/build] [--page search|members|both]
 *                          [--path /a/page?with=query (measured instead, as a visitor)]
 *
 * The main thread's CPU for a page that no kept page can answer, without HTTP, compression or the load
 * generator (issue 30): the production build's Remix handler is called in this process, one request after the
 * other, on a data folder the server has seeded before (`npm start` with DATA_DIR, SQLite). Each request has its
 * own address (a `utm_content` tag), as bench:http's `search-unique`. CPU per request is process.cpuUsage over the
 * requests: JavaScript and SQLite run on this thread.
 *
 * Several builds (`--build a,b`: another checkout's `build/`, with node_modules beside it) are loaded into this one
 * process and asked in turns, `--block` requests each, so that what else runs on the machine weighs on each alike:
 * the way to compare two builds on a busy machine. Prints a line per build and page and, last, one JSON object.
 * For a profile: `node --cpu-prof --cpu-prof-dir=DIR --import tsx scripts/bench-render.ts …`.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { intArg, parseArgs } from "./args";
import { makeAccount } from "../http-tests/server";
import { openDatabase } from "../app/db/connection.server";
import { type AppRuntime, appRuntimeOf } from "../app/routing/remix-build";

const args = parseArgs(process.argv.slice(2));
const dataDir = args.get("data-dir");
if (!dataDir) throw new Error("--data-dir DIR: a data folder the server has seeded (npm start with DATA_DIR)");
const requests = intArg(args, "requests", 400);
const warmup = intArg(args, "warmup", 100);
const block = Math.max(1, intArg(args, "block", 20));
const buildDirs = (args.get("build") ?? "build").split(",").map((b) => path.resolve(b));
const customPath = args.get("path");
const pages = customPath
  ? ["custom"]
  : (args.get("page") ?? "both") === "both"
    ? ["search", "members"]
    : [args.get("page")!];

process.env.NODE_ENV = "production";
process.env.DATA_DIR = path.resolve(dataDir);
process.env.LOG_LEVEL ??= "warn";
process.env.SEED_RECORDS ??= "0";
process.env.RATE_LIMIT_SEARCHES_PER_MINUTE = "0";

const builds: { dir: string; runtime: AppRuntime; handler: ReturnType<typeof createRequestHandler> }[] = [];
for (const dir of buildDirs) {
  // The same build named twice is one set of modules (Node keeps one instance per file): asked twice, it shows
  // how far two runs of one build differ.
  const loaded = builds.find((b) => b.dir === dir);
  if (loaded) {
    builds.push(loaded);
    continue;
  }
  const raw = (await import(pathToFileURL(path.join(dir, "server/index.js")).href)) as ServerBuild;
  const runtime = appRuntimeOf(raw);
  await runtime.startRuntime();
  builds.push({ dir, runtime, handler: createRequestHandler(runtime.withAvailability(raw), "production") });
}

const database = openDatabase({ dataDir: process.env.DATA_DIR });
const member = await makeAccount(database);
await database.close();

const PATHS: Record<string, { path: string; cookie?: string }> = {
  search: { path: "/stpete/birth/search?surname=Schmidt" },
  members: { path: "/members/lublin/birth/search?surname=Schmidt", cookie: member.cookie },
  custom: { path: customPath ?? "/" },
};

let serial = 0;
async function once(build: (typeof builds)[number], page: { path: string; cookie?: string }): Promise<number> {
  serial += 1;
  const headers: Record<string, string> = { "user-agent": "Mozilla/5.0 bench-render", accept: "text/html" };
  if (page.cookie) headers.cookie = page.cookie;
  const url = `http://localhost${page.path}${page.path.includes("?") ? "&" : "?"}utm_content=${serial}`;
  const response = await build.runtime.inRequestScope(() =>
    build.handler(new Request(url, { headers }), { clientIp: "127.0.0.1" }),
  );
  if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

const rows: { build: string; page: string; cpuMsPerRequest: number; bytes: number }[] = [];
for (const name of pages) {
  const page = PATHS[name]!;
  for (const build of builds) for (let i = 0; i < warmup; i++) await once(build, page);
  const cpuUs = builds.map(() => 0);
  const bytes = builds.map(() => 0);
  for (let done = 0; done < requests; done += block) {
    for (const [b, build] of builds.entries()) {
      const before = process.cpuUsage();
      for (let i = 0; i < block; i++) bytes[b] = await once(build, page);
      const used = process.cpuUsage(before);
      cpuUs[b] += used.user + used.system;
    }
  }
  const asked = Math.ceil(requests / block) * block;
  for (const [b, build] of builds.entries()) {
    const row = {
      build: build.dir,
      page: name,
      cpuMsPerRequest: Math.round((cpuUs[b]! / 1000 / asked) * 100) / 100,
      bytes: bytes[b]!,
    };
    rows.push(row);
    console.log(`${name.padEnd(8)} ${row.cpuMsPerRequest.toFixed(2)} ms CPU/request, ${row.bytes} B  ${build.dir}`);
  }
}
for (const build of new Set(builds)) await build.runtime.stopRuntime();
console.log(JSON.stringify({ bench: "render", date: new Date().toISOString(), requests, block, rows }));
