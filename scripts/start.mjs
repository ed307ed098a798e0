#!/usr/bin/env node
// `npm start`: build when there is no build (or the sources are newer), then
// serve the production build. Migrations and the first-run seed happen in the
// server itself, before it listens.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILT = ["build/server.js", "build/server/index.js", "build/client"];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (!BUILT.every((f) => existsSync(f))) return true;
  const builtAt = statSync("build/server/index.js").mtimeMs;
  const sources = Math.max(newestMtime("app"), statSync("server.ts").mtimeMs, statSync("CHANGELOG.md").mtimeMs);
  return sources > builtAt;
}

if (needsBuild()) {
  console.log("Building Metryka (first start or changed sources)…");
  const result = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV = "production";
await import(path.resolve("build/server.js"));
