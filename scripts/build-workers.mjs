#!/usr/bin/env node
// Bundles the keying worker of large record imports (app/imports/keying-worker.server.ts, decision 0045) into
// build/workers/keying-worker.cjs, beside the server's bundle, which starts it from there. The options are the
// ones the import uses when it bundles the worker from the sources (KEYING_WORKER_BUILD in keyed-rows.server.ts).
import { build } from "esbuild";

await build({
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  logLevel: "warning",
  entryPoints: ["app/imports/keying-worker.server.ts"],
  outfile: "build/workers/keying-worker.cjs",
});
