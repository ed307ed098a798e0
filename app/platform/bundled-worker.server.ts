import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread of the server (decision 0045): the server is one Vite bundle, so each worker has its own, made
 * by `npm run build` (scripts/build-workers.mjs) into build/workers/, which the built server finds above its own
 * chunk. Run from the sources (the command line under tsx, vitest), the worker is bundled when it starts, with the
 * same options.
 */

/** How a worker is bundled, here from the sources and by the build alike. */
export const WORKER_BUILD = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  logLevel: "warning",
} as const;

/**
 * Starts the worker whose source is `source` (relative to the calling module, `from`: its import.meta.url) and
 * whose bundle is build/workers/`bundle`.
 */
export async function startBundledWorker(
  from: string,
  source: string,
  bundle: string,
  options: WorkerOptions,
): Promise<Worker> {
  if (!from.endsWith(".ts")) return new Worker(builtWorker(path.dirname(fileURLToPath(from)), bundle), options);
  const { build } = await import("esbuild");
  const bundled = await build({ ...WORKER_BUILD, entryPoints: [fileURLToPath(new URL(source, from))], write: false });
  return new Worker(bundled.outputFiles[0]!.text, { ...options, eval: true });
}

/** The bundle in the build's folder, above the server's chunk that runs this (build/server/assets/…). */
function builtWorker(from: string, name: string): string {
  const bundle = path.join("workers", name);
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, bundle);
    if (existsSync(file)) return file;
    if (path.dirname(dir) === dir) throw new Error(`${bundle} is not in the build: run npm run build`);
  }
}
