import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_HOOK as APP_HOOK } from "../app/browser/reload-guard";
import { CHUNK_RELOAD_HOOK, guardRouteModuleReload, isRouteModulesFile } from "./route-module-reload-guard";

// The files Vite really transforms: a Remix upgrade that moves the reload must fail here, not in production.
const remixDist = join(dirname(createRequire(import.meta.url).resolve("@remix-run/react/package.json")), "dist");
const ESM_FILE = join(remixDist, "esm", "routeModules.js");
const CJS_FILE = join(remixDist, "routeModules.js");
const RELOAD = "window.location.reload();";

const occurrences = (code: string, needle: string) => code.split(needle).length - 1;

describe("guardRouteModuleReload", () => {
  it.each([
    ["esm", ESM_FILE],
    ["cjs", CJS_FILE],
  ])("rewrites the real %s routeModules.js to ask the reload guard first", (_kind, file) => {
    const original = readFileSync(file, "utf8");
    expect(occurrences(original, RELOAD)).toBe(1);
    const guarded = guardRouteModuleReload(original);
    expect(guarded).toContain(`typeof window.${CHUNK_RELOAD_HOOK} === "function"`);
    expect(guarded).toContain(`window.${CHUNK_RELOAD_HOOK}(error)`);
    // The plain reload survives only as the fallback for a page without the hook.
    expect(occurrences(guarded, RELOAD)).toBe(1);
    expect(guarded).toMatch(/else window\.location\.reload\(\);/);
    // Only that call changed.
    expect(guarded.replace(/if \(typeof window\.__metrykaChunkReload[^\n]*?else /, "")).toBe(original);
  });

  it("throws a clear message when Remix no longer has the reload call", () => {
    expect(() => guardRouteModuleReload("export function loadRouteModule() {}")).toThrow(
      /expected one "window\.location\.reload\(\);".*found 0.*Remix changed/,
    );
  });

  it("throws a clear message when Remix reloads in two places", () => {
    expect(() => guardRouteModuleReload(`${RELOAD}\nif (x) ${RELOAD}`)).toThrow(/found 2/);
  });
});

describe("isRouteModulesFile", () => {
  it.each([
    "/app/node_modules/@remix-run/react/dist/esm/routeModules.js",
    "/app/node_modules/@remix-run/react/dist/routeModules.js",
    "/app/node_modules/@remix-run/react/dist/esm/routeModules.js?v=3f2a1b0c",
    "/app/node_modules/.vite/deps/../../@remix-run/react/dist/routeModules.js?v=1",
    "C:\\work\\metryka\\node_modules\\@remix-run\\react\\dist\\esm\\routeModules.js",
    "C:\\work\\metryka\\node_modules\\@remix-run\\react\\dist\\routeModules.js?v=abc",
    ESM_FILE,
    CJS_FILE,
  ])("matches %s", (id) => {
    expect(isRouteModulesFile(id)).toBe(true);
  });

  it.each([
    "/app/node_modules/@remix-run/react/dist/esm/components.js",
    "/app/node_modules/@remix-run/react/dist/esm/routeModules.js.map",
    "/app/node_modules/@remix-run/react/dist/esm/routeModules.d.ts",
    "/app/node_modules/@remix-run/router/dist/routeModules.js",
    "/app/app/platform/routeModules.js",
  ])("does not match %s", (id) => {
    expect(isRouteModulesFile(id)).toBe(false);
  });
});

describe("CHUNK_RELOAD_HOOK", () => {
  it("is the global the app's reload guard installs", () => {
    expect(CHUNK_RELOAD_HOOK).toBe(APP_HOOK);
  });
});

/**
 * Runs the rewritten loadRouteModule with a fake window and an import that fails, as a removed chunk does.
 * The ESM build needs its module syntax turned into a function body; the code around the reload stays as shipped.
 */
function loadGuarded(kind: "esm" | "cjs", hook?: (error: unknown) => unknown) {
  const reload = vi.fn();
  const win: Record<string, unknown> = { __remixContext: { isSpaMode: false }, location: { reload } };
  if (hook) win[CHUNK_RELOAD_HOOK] = hook;
  const quietConsole = { error: vi.fn() };
  const importError = new TypeError("Failed to fetch dynamically imported module: /assets/route-gone.js");
  let loadRouteModule: (route: { id: string; module: string }, cache: Record<string, unknown>) => Promise<unknown>;
  if (kind === "cjs") {
    const code = guardRouteModuleReload(readFileSync(CJS_FILE, "utf8"));
    const exports: Record<string, unknown> = {};
    const failingRequire = () => {
      throw importError;
    };
    new Function("exports", "require", "window", "console", code)(exports, failingRequire, win, quietConsole);
    loadRouteModule = exports.loadRouteModule as typeof loadRouteModule;
  } else {
    const code = guardRouteModuleReload(readFileSync(ESM_FILE, "utf8"))
      .replace(/\bimport\(/g, "__import(")
      .replace(/import\.meta\.hot/g, "undefined")
      .replace(/export\s*\{\s*loadRouteModule\s*\};?/, "return loadRouteModule;");
    const failingImport = () => Promise.reject(importError);
    loadRouteModule = new Function("__import", "window", "console", code)(failingImport, win, quietConsole);
  }
  return { load: () => loadRouteModule({ id: "routes/x", module: "/assets/route-gone.js" }, {}), reload, importError };
}

const NEVER = Symbol("never settled");
async function settledOrNever(promise: Promise<unknown>) {
  const outcome = await Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve(NEVER), 20)),
  ]);
  return outcome;
}

describe.each(["esm", "cjs"] as const)("the rewritten %s loadRouteModule", (kind) => {
  it("lets the hook reload and then waits forever, as Remix does", async () => {
    const hook = vi.fn(() => true);
    const { load, reload, importError } = loadGuarded(kind, hook);
    expect(await settledOrNever(load())).toBe(NEVER);
    expect(hook).toHaveBeenCalledWith(importError);
    expect(reload).not.toHaveBeenCalled();
  });

  it("rethrows the import error to the error page when the hook refuses to reload", async () => {
    const hook = vi.fn(() => false);
    const { load, reload, importError } = loadGuarded(kind, hook);
    expect(await settledOrNever(load())).toEqual({ error: importError });
    expect(reload).not.toHaveBeenCalled();
  });

  it("renders the stand-in route module the hook hands back instead of rethrowing", async () => {
    const standIn = { default: () => null };
    const { load, reload } = loadGuarded(kind, () => standIn);
    expect(await settledOrNever(load())).toEqual({ value: standIn });
    expect(reload).not.toHaveBeenCalled();
  });

  it("falls back to Remix's own reload when the hook is not installed", async () => {
    const { load, reload } = loadGuarded(kind);
    expect(await settledOrNever(load())).toBe(NEVER);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
