/**
 * npm run bench:tree -- [--people 1000000] [--postgres] [--poll-ms 50]
 *
 * Issue 26: a member's tree of a million people is read in under 500 MB and the site answers /healthz within 200 ms
 * throughout. Writes a generated GEDCOM of N people (scripts/gedcom-tree.ts), starts the built server (SQLite in a
 * temporary folder, or with --postgres a throwaway database on TEST_DATABASE_URL) with TREE_MAX_PEOPLE and
 * TREE_MAX_MB large enough, submits the file as a member on /members/genealogy/submit, and asks /healthz every
 * --poll-ms until the tree's job ends. Prints the server's peak resident memory (the kernel's high-water mark,
 * VmHWM, threads included), the slowest and the 99th-percentile /healthz answer, and how long the job took. Run
 * `npm run build` first. The last line is one JSON object with every figure.
 */
import { openAsBlob, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PERSON_USER_AGENT, makeAccount, startServer } from "../http-tests/server";
import { openForm } from "../http-tests/forms";
import { intArg, parseArgs } from "./args";
import { percentile, round } from "./bench-kit";
import { writeGedcomTree } from "./gedcom-tree";

const args = parseArgs(process.argv.slice(2));
const people = intArg(args, "people", 1_000_000);
const pollMs = intArg(args, "poll-ms", 50);
const kind = args.has("postgres") ? "postgres" : "sqlite";
/** /healthz answers slower than this are listed with when they came (seconds from the submission). */
const SLOW_MS = 150;

function kernelPeakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
}

const server = await startServer({
  kind,
  env: { TREE_MAX_PEOPLE: String(people + 1), TREE_MAX_MB: "2000", UPLOAD_MAX_MB: "2000" },
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

  const latencies: number[] = [];
  const slow: { atSeconds: number; ms: number }[] = [];
  const benchStart = performance.now();
  let watching = true;
  let failures = 0;
  const watcher = (async () => {
    while (watching) {
      const started = performance.now();
      const ok = await fetch(`${server.url}/healthz`)
        .then(async (r) => (await r.arrayBuffer(), r.ok))
        .catch(() => false);
      const took = performance.now() - started;
      latencies.push(took);
      if (took > SLOW_MS) slow.push({ atSeconds: round((started - benchStart) / 1000), ms: Math.round(took) });
      if (!ok) failures++;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  })();

  const started = performance.now();
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
  const uploadedSeconds = (performance.now() - started) / 1000;
  console.log(`uploaded in ${round(uploadedSeconds)} s`);
  if (sent.status !== 302) throw new Error(`the submission answered ${sent.status}: ${await sent.text()}`);
  let status = "checking";
  let error: string | null = null;
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
  const jobSeconds = (performance.now() - started) / 1000;
  watching = false;
  await watcher;
  await database.close();
  const sorted = [...latencies].sort((a, b) => a - b);
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
    healthzSamples: sorted.length,
    healthzFailures: failures,
    healthzP99Ms: round(percentile(sorted, 99)),
    healthzMaxMs: round(sorted[sorted.length - 1] ?? 0),
    healthzSlow: slow.slice(0, 50),
  };
  console.log(
    `${status} in ${summary.jobSeconds} s; peak RSS ${summary.peakRssMb} MB; /healthz p99 ${summary.healthzP99Ms} ms, slowest ${summary.healthzMaxMs} ms`,
  );
  console.log(JSON.stringify(summary));
} finally {
  await server.stop();
}
