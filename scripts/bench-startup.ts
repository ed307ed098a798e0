/**
 * npm run bench:startup -- [--seed-records N (the server's default demo seed when absent)] [--port 3640]
 *                           [--restarts 3]
 *
 * Startup (issue 12 item 6). Runs what `npm start` runs (scripts/start.mjs:
 * build if there is none or the sources are newer, then the production
 * server) as an operator would on a fresh machine: an empty data folder, so
 * the first start migrates the database and loads the demo seed before it
 * listens. Times from the process start to the first 200 answer of the home
 * page; then stops it (SIGTERM) and times `--restarts` restarts on the same
 * data. The build is timed apart only when start.mjs has to build (say so
 * with a fresh clone, or touch a source). Prints each figure and, as its last
 * line, one JSON object. Targets: first start < 60 s, restart < 3 s.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { intArg, parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const seedRecords = args.has("seed-records") ? intArg(args, "seed-records", 0) : undefined;
const port = intArg(args, "port", 3640);
const restarts = Math.max(1, intArg(args, "restarts", 3));
const FIRST_START_TARGET_MS = 60_000;
const RESTART_TARGET_MS = 3_000;
/** Give up on a start after this long: something is wrong, not slow. */
const START_TIMEOUT_MS = 15 * 60_000;
const POLL_INTERVAL_MS = 50;

interface Started {
  child: ChildProcess;
  ms: number;
  built: boolean;
  output: () => string;
}

async function start(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (seedRecords !== undefined) env.SEED_RECORDS = String(seedRecords);
  env.LOG_LEVEL ??= "warn";
  const began = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let exited = false;
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  child.on("exit", () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server exited while starting:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/`)
      .then(async (r) => (await r.arrayBuffer(), r.status === 200))
      .catch(() => false);
    if (ok) break;
    if (performance.now() - began > START_TIMEOUT_MS) {
      child.kill("SIGKILL");
      throw new Error(`the home page did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }
  return {
    child,
    ms: Math.round(performance.now() - began),
    built: output.includes("Building Metryka"),
    output: () => output,
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-bench-startup-"));
  try {
    const first = await start(dataDir);
    await stop(first.child);
    console.log(
      `first start (empty data folder, migrations and demo seed${first.built ? ", and the build" : ""}): ${first.ms} ms`,
    );
    const again: number[] = [];
    for (let i = 0; i < restarts; i++) {
      const restarted = await start(dataDir);
      await stop(restarted.child);
      again.push(restarted.ms);
      console.log(`restart ${i + 1}: ${restarted.ms} ms`);
    }
    const sorted = [...again].sort((a, b) => a - b);
    const restartMedianMs = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      JSON.stringify({
        bench: "startup",
        date: new Date().toISOString(),
        cpus: os.cpus().length,
        seedRecords: seedRecords ?? "server default",
        firstStartMs: first.ms,
        firstStartIncludedBuild: first.built,
        restartMs: again,
        restartMedianMs,
        targets: { firstStartMs: FIRST_START_TARGET_MS, restartMs: RESTART_TARGET_MS },
        targetsMet: first.ms < FIRST_START_TARGET_MS && restartMedianMs < RESTART_TARGET_MS,
      }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
