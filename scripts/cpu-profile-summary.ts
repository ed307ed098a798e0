/**
 * npx tsx scripts/cpu-profile-summary.ts DIR [--gc-over-ms 50]
 *
 * What each thread of a process did, from the V8 CPU profiles node's --cpu-prof left in DIR (one a thread; a
 * benchmark's --profile): how long the profile ran, how much of it the thread was busy (samples not idle), how much
 * of that was garbage collection, and the garbage collector's runs (samples of it one after the other): how many
 * over --gc-over-ms and over 100 ms, and the five longest (at seconds into the profile). On a loaded machine a run
 * also counts the time the thread was not scheduled between two samples.
 * The main thread is the profile of thread 0 (the file's name ends in .<pid>.0.<n>.cpuprofile).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { intArg, parseArgs } from "./args";

interface Profile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = parseArgs(process.argv.slice(2));
const dir = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? ".";
const gcOverMs = intArg(args, "gc-over-ms", 50);

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .sort()) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
  const name = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let busyUs = 0;
  let gcUs = 0;
  let runUs = 0;
  let runStartUs = 0;
  let atUs = 0;
  const runs: { atS: number; ms: number }[] = [];
  const endRun = () => {
    if (runUs / 1000 > gcOverMs) runs.push({ atS: Math.round(runStartUs / 1e5) / 10, ms: Math.round(runUs / 1000) });
    runUs = 0;
  };
  profile.samples.forEach((id, i) => {
    // A sample's delta is the time since the one before: it counts for this sample's frame.
    const us = profile.timeDeltas[i] ?? 0;
    atUs += us;
    const what = name.get(id);
    if (what !== "(idle)") busyUs += us;
    if (what === "(garbage collector)") {
      if (!runUs) runStartUs = atUs - us;
      gcUs += us;
      runUs += us;
    } else endRun();
  });
  endRun();
  const thread = /\.(\d+)\.\d+\.cpuprofile$/.exec(file)?.[1];
  console.log(
    JSON.stringify({
      file,
      thread: thread === "0" ? "main" : `worker ${thread}`,
      seconds: Math.round((profile.endTime - profile.startTime) / 1e5) / 10,
      busySeconds: Math.round(busyUs / 1e5) / 10,
      gcSeconds: Math.round(gcUs / 1e5) / 10,
      longestGcMs: runs.reduce((most, r) => Math.max(most, r.ms), 0),
      [`gcRunsOver${gcOverMs}Ms`]: runs.length,
      gcRunsOver100Ms: runs.filter((r) => r.ms > 100).length,
      longestGcRuns: [...runs].sort((a, b) => b.ms - a.ms).slice(0, 5),
    }),
  );
}
