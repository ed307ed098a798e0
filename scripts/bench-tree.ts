/**
 * npm run bench:tree -- [--people 1000000] [--postgres] [--poll-ms 50] [--profile DIR]
 *
 * Issue 26: a member's tree of a million people is read in under 500 MB and the site answers /healthz within 200 ms
 * throughout. Writes a generated GEDCOM of N people (scripts/gedcom-tree.ts), starts the built server (SQLite in a
 * temporary folder, or with --postgres a throwaway database on TEST_DATABASE_URL) with TREE_MAX_PEOPLE and
 * TREE_MAX_MB large enough, submits the file as a member on /members/genealogy/submit, and asks /healthz every
 * --poll-ms until the tree's job ends. Prints the server's peak resident memory (the kernel's high-water mark,
 * VmHWM, threads included), the slowest and the 99th-percentile /healthz answer, and how long the job took. Run
 * `npm run build` first. The last line is one JSON object with every figure. With --profile, the server runs with
 * node's --cpu-prof and leaves a profile of each of its threads in DIR (scripts/cpu-profile-summary.ts reads them).
 */
import { openAsBlob, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PERSON_USER_AGENT, makeAccount, startServer } from "../http-tests/server";
import { watchWhile } from "../http-tests/watch";
import { openForm } from "../http-tests/forms";
import { intArg, parseArgs } from "./args";
import { percentile, round } from "./bench-kit";
import { writeGedcomTree } from "./gedcom-tree";

const args = parseArgs(process.argv.slice(2));
const people = intArg(args, "people", 1_000_000);
const pollMs = intArg(args, "poll-ms", 50);
const kind = args.has("postgres") ? "postgres" : "sqlite";
const profileDir = args.get("profile");
/** /healthz answers slower than this are listed with when they came (seconds from the submission). */
const SLOW_MS = 150;

function kernelPeakRssMb(pid: number): number {
  return statusMb(pid, "VmHWM");
}

/** One line of the kernel's account of the process, in MB (VmRSS, RssAnon: heaps; RssFile: mapped files). */
function statusMb(pid: number, field: string): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
}

const server = await startServer({
  kind,
  env: { TREE_MAX_PEOPLE: String(people + 1), TREE_MAX_MB: "2000", UPLOAD_MAX_MB: "2000" },
  ...(profileDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] } : {}),
});
try {
  const file = path.join(server.dataDir, "bench-tree.ged");
  const t0 = performance.now();
  const families = await writeGedcomTree(file, people);
  const fileMb = statSync(file).size / 1024 / 1024;
  console.log(
    `${people.toLocaleString("en")} people, ${families.toLocaleString("en")} families: ${fileMb.toFixed(1)} MB in ${Math.round(performance.now() - t0)} ms`,
  );
  const database = server.openDatabase();
  const member = await makeAccount(database);
  const rssBeforeMb = kernelPeakRssMb(server.process.pid!);

  const benchStart = performance.now();
  // Where the memory is, every second: anonymous (the threads' heaps, SQLite's page caches, buffers) and mapped
  // files (SQLite's memory map), with their highest values and a sample every 10 s.
  const memory = {
    anonPeakMb: 0,
    filePeakMb: 0,
    samples: [] as { s: number; rss: number; anon: number; file: number; load: number }[],
  };
  const sampler = setInterval(() => {
    const pid = server.process.pid!;
    const s = Math.round((performance.now() - benchStart) / 1000);
    const sample = {
      s,
      rss: statusMb(pid, "VmRSS"),
      anon: statusMb(pid, "RssAnon"),
      file: statusMb(pid, "RssFile"),
      load: round(os.loadavg()[0]!),
    };
    memory.anonPeakMb = Math.max(memory.anonPeakMb, sample.anon);
    memory.filePeakMb = Math.max(memory.filePeakMb, sample.file);
    const last = memory.samples[memory.samples.length - 1];
    if (!last || s - last.s >= 10 || sample.rss > last.rss + 50) memory.samples.push(sample);
  }, 1_000);

  const started = performance.now();
  let uploadedSeconds = 0;
  let status = "checking";
  let error: string | null = null;
  const { waits } = await watchWhile(
    server.url,
    ["/healthz"],
    async () => {
      const form = await openForm(`${server.url}/members/genealogy/submit`, member.cookie);
      const body = new FormData();
      body.set("csrf", form.fields.get("csrf") ?? "");
      body.set("title", "The benchmark's family");
      body.set("file", await openAsBlob(file), "bench-tree.ged");
      const sent = await fetch(`${server.url}/members/genealogy/submit`, {
        method: "POST",
        body,
        headers: { "User-Agent": PERSON_USER_AGENT, Cookie: form.cookie, Origin: server.url },
        redirect: "manual",
      });
      uploadedSeconds = (performance.now() - started) / 1000;
      console.log(`uploaded in ${round(uploadedSeconds)} s`);
      if (sent.status !== 302) throw new Error(`the submission answered ${sent.status}: ${await sent.text()}`);
      while (status === "checking") {
        await new Promise((r) => setTimeout(r, 500));
        if (server.exited()) throw new Error(`the server died:\n${server.output().slice(-2000)}`);
        const row = await database.db
          .selectFrom("import_batches")
          .select(["status", "error"])
          .where("kind", "=", "gedcom")
          .where("created_by", "=", member.id)
          .executeTakeFirst();
        status = row?.status ?? "checking";
        error = row?.error ?? null;
      }
    },
    { pauseMs: pollMs },
  );
  const jobSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await database.close();
  const sorted = waits.map((w) => w.ms).sort((a, b) => a - b);
  const failures = waits.filter((w) => w.status !== 200).length;
  // The 40 slowest answers, in the order they came, with when (seconds from the start of the watch).
  const slow = waits
    .filter((w) => w.ms > SLOW_MS)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 40)
    .sort((a, b) => a.atMs - b.atMs)
    .map((w) => ({ atSeconds: round(w.atMs / 1000), ms: Math.round(w.ms) }));
  const summary = {
    benchmark: "tree",
    database: kind,
    people,
    families,
    fileMb: round(fileMb),
    status,
    error,
    uploadSeconds: round(uploadedSeconds),
    jobSeconds: round(jobSeconds),
    rssBeforeMb,
    peakRssMb: kernelPeakRssMb(server.process.pid!),
    anonPeakMb: memory.anonPeakMb,
    filePeakMb: memory.filePeakMb,
    loadAverage: os.loadavg().map((l) => round(l)),
    healthzSamples: sorted.length,
    healthzFailures: failures,
    healthzP99Ms: round(percentile(sorted, 99)),
    healthzMaxMs: round(sorted[sorted.length - 1] ?? 0),
    healthzSlow: slow,
    memorySamples: memory.samples,
  };
  console.log(
    `${status} in ${summary.jobSeconds} s; peak RSS ${summary.peakRssMb} MB; /healthz p99 ${summary.healthzP99Ms} ms, slowest ${summary.healthzMaxMs} ms`,
  );
  console.log(JSON.stringify(summary));
} finally {
  await server.stop();
}
