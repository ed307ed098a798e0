#!/usr/bin/env node
// Bundles the service worker (app/service-worker/sw.entry.ts) into build/sw/sw.js as one ES module. It lives
// outside build/client so express.static never serves it raw: server.ts serves it at /sw.js with the build id
// filled in. Vite's own bundler is used, so the output is as deterministic as the app's.
import path from "node:path";
import { build } from "vite";

await build({
  configFile: false,
  logLevel: "warn",
  resolve: { alias: { "~": path.resolve("app") } },
  build: {
    target: "es2022",
    outDir: "build/sw",
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    lib: { entry: path.resolve("app/service-worker/sw.entry.ts"), formats: ["es"], fileName: () => "sw.js" },
  },
});
