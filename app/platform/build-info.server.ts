/**
 * The identity of the running build (SPEC §7.5, issue #4 item 2): what
 * `/builds/latest.json` and `/builds/meta/{id}.json` publish, and what the root
 * loader hands to the page so it can notice a newer build.
 *
 * server.ts imports this file directly (compiled by tsconfig.server.json), and
 * the Remix bundle imports it too, so the two are separate module instances:
 * they share the id through `process.env`, never through a module variable.
 * For the same reason this file imports nothing from the app (no `~/` aliases).
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Names a file whose content replaces the build id: tests "deploy" a new build by writing it. */
export const BUILD_ID_FILE_ENV = "METRYKA_BUILD_ID_FILE";
/** Set by server.ts at start-up to the id of the build it serves. */
export const BUILD_ID_ENV = "METRYKA_BUILD_ID";

export interface BuildInfo {
  id: string;
  /** When the build was produced, in ms since the epoch. */
  timestamp: number;
  /** The static paths of the route table, the ones that could be prerendered. */
  routes: string[];
}

/** The part of Remix's ServerBuild this needs; `index` and `parentId` are in every manifest entry. */
export interface BuildLike {
  assets: { version: string; routes: Record<string, { path?: string; index?: boolean; parentId?: string }> };
}

interface Override {
  id: string;
  timestamp: number;
}

function readOverride(): Override | undefined {
  const file = process.env[BUILD_ID_FILE_ENV];
  if (!file) return undefined;
  try {
    const id = readFileSync(file, "utf8").trim();
    // An empty file is a helper caught mid-write, not a build called "".
    return id ? { id, timestamp: Math.round(statSync(file).mtimeMs) } : undefined;
  } catch {
    return undefined;
  }
}

function builtServerTime(): number | undefined {
  try {
    return Math.round(statSync(path.resolve("build/server/index.js")).mtimeMs);
  } catch {
    return undefined;
  }
}

function serverBuildTime(fallback: number): number {
  // Under Vite in development there is no built file; the server's start is the closest thing.
  return builtServerTime() ?? fallback;
}

/** Full paths of the route table without `:params` or `*`, "/" included, sorted. */
export function prerenderableRoutes(routes: BuildLike["assets"]["routes"]): string[] {
  const fullPath = (id: string, seen: Set<string>): string => {
    const route = routes[id];
    // A cycle cannot happen in a real manifest; the guard keeps a broken one from hanging a request.
    if (!route || seen.has(id)) return "";
    seen.add(id);
    const parent = route.parentId ? fullPath(route.parentId, seen) : "";
    const own = (route.path ?? "").replace(/^\/+|\/+$/g, "");
    return own ? `${parent.replace(/\/+$/, "")}/${own}` : parent;
  };
  const paths = new Set<string>();
  for (const [id, route] of Object.entries(routes)) {
    // Layout routes without a path of their own answer no URL; index routes answer their parent's.
    if (id === "root" || (route.path === undefined && !route.index)) continue;
    const full = fullPath(id, new Set()) || "/";
    if (full.includes(":") || full.includes("*")) continue;
    paths.add(full);
  }
  return [...paths].sort();
}

/**
 * The running build as published under /builds. `startedAt` stands in for the
 * build time when there is no built server file (development).
 */
export function buildInfoFrom(build: BuildLike, startedAt: number): BuildInfo {
  const override = readOverride();
  return {
    id: override?.id ?? build.assets.version,
    timestamp: override?.timestamp ?? serverBuildTime(startedAt),
    routes: prerenderableRoutes(build.assets.routes),
  };
}

/**
 * The id the page should compare against, for the root loader. The loader has
 * no access to the server build object, so server.ts publishes its id in
 * `process.env` at start-up; the test override wins, as in buildInfoFrom.
 */
export function currentBuildId(): string | undefined {
  return readOverride()?.id ?? process.env[BUILD_ID_ENV];
}

/** When the running build was produced (ms since the epoch), as latest.json says; undefined in development. */
export function currentBuildTime(): number | undefined {
  return readOverride()?.timestamp ?? builtServerTime();
}
