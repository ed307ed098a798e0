#!/usr/bin/env node
// Bundles the server's worker threads into build/workers/, beside the server's bundle, which starts them from
// there: the keying worker of large record imports (decision 0045) and the reader of members' trees (decision
// 0054). The options are the ones the server uses when it bundles a worker from the sources (WORKER_BUILD in
// app/platform/bundled-worker.server.ts).
import { build } from "esbuild";

for (const [source, bundle] of [
  ["app/imports/keying-worker.server.ts", "keying-worker.cjs"],
  ["app/families/tree-worker.server.ts", "tree-worker.cjs"],
]) {
  await build({
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    logLevel: "warning",
    entryPoints: [source],
    outfile: `build/workers/${bundle}`,
  });
}
