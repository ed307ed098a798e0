/**
 * npm run --silent profile:summary -- FILE.cpuprofile [--top 25]
 *
 * Where a V8 CPU profile (from `npm run bench:http -- --profile DIR`) spent
 * its time: self time by package (node_modules/<name>, the app's build,
 * node's own internals, garbage collection, idle) and the functions with the
 * most self time. Prints a table and, as its last line, one JSON object.
 */
import { readFileSync } from "node:fs";
import { intArg, parseArgs } from "./args";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!file) throw new Error("usage: profile-summary FILE.cpuprofile [--top N]");
const top = intArg(parseArgs(process.argv.slice(2)), "top", 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** The package a frame belongs to, from its script's URL. */
function packageOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.startsWith("node:")) return "node";
  if (url.includes("/build/")) return "app (build)";
  return url;
}

function nameOf(frame: ProfileNode["callFrame"]): string {
  const where = frame.url
    ? `${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/")}:${frame.lineNumber + 1}`
    : "";
  return `${frame.functionName || "(anonymous)"} ${where}`.trim();
}

const packages = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame;
  const pkg = packageOf(frame);
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  const name = nameOf(frame);
  functions.set(name, (functions.get(name) ?? 0) + us);
}

// Total time: a function's own samples and those of everything it called, each sample counted once per function
// however deep its recursion.
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const names = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at))
    names.add(nameOf(byId.get(at)!.callFrame));
  for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
}

const share = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
process.stdout.write(`${(total / 1000).toFixed(0)} ms sampled\n\nself time by package\n`);
for (const [pkg, us] of sorted(packages).slice(0, top)) process.stdout.write(`  ${share(us)}  ${pkg}\n`);
process.stdout.write(`\nfunctions with the most self time\n`);
for (const [fn, us] of sorted(functions).slice(0, top)) process.stdout.write(`  ${share(us)}  ${fn}\n`);
process.stdout.write(`\nfunctions with the most total time (their own and their callees')\n`);
for (const [fn, us] of sorted(inclusive).slice(0, top)) process.stdout.write(`  ${share(us)}  ${fn}\n`);
const json = (m: Map<string, number>) =>
  sorted(m)
    .slice(0, top)
    .map(([name, us]) => ({ name, share: Number((us / total).toFixed(4)) }));
process.stdout.write(
  `${JSON.stringify({ totalMs: Math.round(total / 1000), packages: json(packages), functions: json(functions) })}\n`,
);
