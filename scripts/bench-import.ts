/**
 * npm run bench:import -- [--rows 1000000] [--postgres] [--keep DIR] [--profile FILE.cpuprofile]
 *
 * Writes N demo St. Petersburg birth records as a CSV file (an ID column, the dates, every field), then checks and
 * imports it into an empty temporary database through the real pipeline (a batch, its check job, its import
 * job), and prints the rows per second of each phase (and the CPU time this process spent, steadier than the
 * clock on a busy machine) and the peak resident memory (the kernel's high-water mark, VmHWM, reset before each
 * phase; sampled every 100 ms where /proc is missing, which misses a peak inside a long synchronous SQLite call). The
 * database is SQLite in a temporary folder, or with --postgres a throwaway database on TEST_DATABASE_URL, created
 * and dropped. With --profile, a V8 CPU profile of the import phase alone is written to FILE (read it with
 * `npm run --silent profile:summary -- FILE`). The last line is one JSON object with every figure.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { checkpointsSettled } from "../app/db/checkpoint.server";
import { type Database, openPostgres, openSqlite } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrations.server";
import { FIELD_NAMES, generateRecords } from "../app/demo/generator";
import { getBatch } from "../app/imports/batches.server";
import { createRecordCsvBatch } from "../app/imports/csv-batches.server";
import { type JobPhase, startBatchJob } from "../app/imports/jobs.server";
import { formatIsoDate } from "../app/search/calendar";
import { getCollection } from "../app/search/collections";
import { csvLine } from "../app/search/csv";
import { intArg, parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const rows = intArg(args, "rows", 1_000_000);
const usePostgres = args.has("postgres");
const profileFile = args.get("profile");
const collection = getCollection("stpete-birth")!;
const fields = FIELD_NAMES["stpete-birth"];

let peakRss = 0;
/** The process's memory at its highest sample: what the JavaScript heap, buffers and the rest (SQLite's cache) held. */
let atPeak = process.memoryUsage();
const sampleRss = () => {
  const usage = process.memoryUsage();
  if (usage.rss > peakRss) {
    peakRss = usage.rss;
    atPeak = usage;
  }
};
sampleRss();
const sampler = setInterval(sampleRss, 100);

/**
 * The kernel's record of this process's peak resident memory (Linux), threads included, or null elsewhere: exact
 * where the sampler above only sees the moments the event loop is free (an index built at the end of an import
 * holds it for seconds).
 */
function kernelPeakRss(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Starts the kernel's peak over from the memory resident now (Linux ≥ 4.0: `5` to clear_refs). */
function resetKernelPeakRss(): void {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // Elsewhere the sampler's peak stands alone.
  }
}
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * The CPU seconds of the main thread alone (Linux: /proc), or null elsewhere. A large import reads and keys its
 * rows on a worker thread (decision 0045), so the process's CPU counts both threads; the main thread's, which
 * writes, bounds the rate the import can reach on a quiet machine.
 */
const CLOCK_TICKS_PER_SECOND = 100; // Linux's USER_HZ
function mainThreadCpuSeconds(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // After the command name in parentheses: utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  let text = csvLine(["ID", "date", "julianDate", ...fields]);
  let written = 0;
  // The generator cycles through the three collections; the births are kept until there are enough.
  for (const r of generateRecords({ count: Math.ceil(rows / 0.55) + 20 })) {
    if (written >= rows) break;
    if (r.collection !== "stpete-birth") continue;
    written++;
    const date = r.date.month && r.date.day ? formatIsoDate(r.date) : String(r.date.year);
    const julian = r.julianDate.month && r.julianDate.day ? formatIsoDate(r.julianDate) : "";
    text += csvLine([`sp-${written}`, date, julian, ...fields.map((f) => r.fields[f] ?? "")]);
    if (text.length > 1 << 20) {
      if (!out.write(text)) await once(out, "drain");
      text = "";
    }
  }
  out.end(text);
  await once(out, "finish");
}

async function openTarget(dir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!usePostgres) {
    const database = openSqlite(path.join(dir, "bench.sqlite"));
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("--postgres needs TEST_DATABASE_URL (a database it may create databases from)");
  const name = `metryka_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The inspector's sampling profiler in this process, so the profile holds the phase and not the CSV's writing. */
async function startProfile(): Promise<{ stop: () => Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(profileFile!, JSON.stringify(profile));
      session.disconnect();
      console.log(`       the import's CPU profile: ${profileFile}`);
    },
  };
}

const dir = args.get("keep") ?? mkdtempSync(path.join(os.tmpdir(), "metryka-bench-import-"));
mkdirSync(dir, { recursive: true });
const file = path.join(dir, "records.csv");
const { database, drop } = await openTarget(dir);
try {
  await migrateToLatest(database);
  let t = performance.now();
  await writeCsv(file);
  const csvSeconds = (performance.now() - t) / 1000;
  const { id, analysis } = await createRecordCsvBatch(database, collection, file, { createdByName: "bench" });
  console.log(
    `${rows.toLocaleString("en")} rows, ${mb(analysis.bytes)} MB of CSV written in ${csvSeconds.toFixed(1)} s; into ${database.kind}`,
  );
  const phase = async (name: JobPhase) => {
    const profiler = profileFile && name === "import" ? await startProfile() : undefined;
    peakRss = 0;
    resetKernelPeakRss();
    sampleRss();
    t = performance.now();
    const cpuBefore = process.cpuUsage();
    const mainBefore = mainThreadCpuSeconds();
    let last = 0;
    const started = await startBatchJob(database, id, name, "bench", {
      wait: true,
      onProgress: (p) => {
        if (process.stdout.isTTY && p.done - last >= 50_000) {
          last = p.done;
          process.stdout.write(`\r  ${name}: ${p.done.toLocaleString("en")} rows`);
        }
      },
    });
    if (!started.ok) throw new Error(started.message);
    const seconds = (performance.now() - t) / 1000;
    if (profiler) await profiler.stop();
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const mainAfter = mainThreadCpuSeconds();
    const mainCpuSeconds = mainBefore === null || mainAfter === null ? null : +(mainAfter - mainBefore).toFixed(2);
    sampleRss();
    const sampledPeak = peakRss;
    peakRss = Math.max(peakRss, kernelPeakRss() ?? 0);
    const batch = (await getBatch(database, id))!;
    if (batch.error && batch.status === "failed") throw new Error(`${name}: ${batch.error}`);
    const rate = Math.round(rows / seconds);
    if (process.stdout.isTTY) process.stdout.write("\r");
    console.log(
      `${name.padEnd(6)} ${seconds.toFixed(1).padStart(7)} s  ${rate.toLocaleString("en").padStart(9)} rows/s  (CPU: ${cpuSeconds.toFixed(1)} s in all, ${mainCpuSeconds ?? "?"} s on the main thread)  peak RSS ${mb(peakRss)} MB`,
    );
    console.log(
      `${" ".repeat(7)}at the highest sample (${mb(sampledPeak)} MB): JavaScript heap ${mb(atPeak.heapUsed)} of ${mb(atPeak.heapTotal)} MB, array buffers ${mb(atPeak.arrayBuffers)} MB, the rest (native: code, SQLite's page caches) ${mb(atPeak.rss - atPeak.heapTotal - atPeak.arrayBuffers)} MB`,
    );
    return {
      batch,
      seconds,
      rate,
      cpuSeconds: +cpuSeconds.toFixed(2),
      mainCpuSeconds,
      peakRssMb: mb(peakRss),
      peakHeapMb: mb(atPeak.heapTotal),
    };
  };
  const check = await phase("check");
  if (check.batch.rows.error || check.batch.rows.new !== rows) {
    throw new Error(`The check found ${check.batch.rows.error} problems and ${check.batch.rows.new} new rows`);
  }
  const imported = await phase("import");
  if (imported.batch.rows.new !== rows) throw new Error(`The import wrote ${imported.batch.rows.new} rows`);
  // SQLite: the copy of the log into the database file, which follows the import on a worker (checkpoint.server).
  t = performance.now();
  await checkpointsSettled();
  const checkpointSeconds = +((performance.now() - t) / 1000).toFixed(2);
  // The kernel's peak since the import began, the checkpoint's memory included.
  const peakWithCheckpointMb = Math.max(imported.peakRssMb, mb(kernelPeakRss() ?? 0));
  if (database.kind === "sqlite") {
    console.log(
      `       then the checkpoint on a worker thread: ${checkpointSeconds} s, while the site goes on (peak RSS with it ${peakWithCheckpointMb} MB)`,
    );
  }
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      database: database.kind,
      rows,
      csvMb: mb(analysis.bytes),
      check: {
        seconds: +check.seconds.toFixed(2),
        rowsPerSecond: check.rate,
        cpuSeconds: check.cpuSeconds,
        mainCpuSeconds: check.mainCpuSeconds,
        peakRssMb: check.peakRssMb,
        peakHeapMb: check.peakHeapMb,
      },
      import: {
        seconds: +imported.seconds.toFixed(2),
        rowsPerSecond: imported.rate,
        cpuSeconds: imported.cpuSeconds,
        mainCpuSeconds: imported.mainCpuSeconds,
        peakRssMb: imported.peakRssMb,
        peakHeapMb: imported.peakHeapMb,
        checkpointSeconds,
      },
      peakRssMb: Math.max(check.peakRssMb, peakWithCheckpointMb),
    }),
  );
} finally {
  clearInterval(sampler);
  await drop();
  if (!args.has("keep")) rmSync(dir, { recursive: true, force: true });
}
