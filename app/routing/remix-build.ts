// The one module that relies on how Remix v2 lays out its server build beyond its documented API (issue 28 item 2;
// decision 0066). Everything else uses Remix's public API: createRequestHandler, the entry module's documented
// exports, route modules. No `~/` imports: server.ts is compiled on its own (tsconfig.server.json) and uses it too.
//
// It relies on three things, and remix-build.test.ts (and http-tests/remix-build.test.ts, against the real build)
// fail loudly if a Remix update changes any of them:
// 1. `build.entry.module` is app/entry.server.tsx's module namespace, its own exports included: server.ts reaches
//    the app's runtime (one database, one set of kept pages) there, not through a second copy of app/ modules.
// 2. Remix's request handler calls the loader and action it finds at `build.routes[id].module`, so a copy of the
//    build whose modules carry wrapped handlers is served with them (app/server/availability.server.ts: one 503
//    for a database outage on every page, resource route and payload file; Remix v2 has no middleware).
// 3. `data(value, init)` returns `{ type: "DataWithResponseInit", data, init }`: payload files
//    (app/platform/payload.server.ts), which call a page's loaders for its JSON, read a loader's status from it.
import type { AppLoadContext, ServerBuild } from "@remix-run/node";

/** What app/entry.server.tsx exports for server.ts besides Remix's own entry exports. */
export interface AppRuntime {
  startRuntime(): Promise<unknown>;
  stopRuntime(): Promise<void>;
  healthCheck(): Promise<{ ok: boolean; database: string; reachable: boolean; storage: "ok" | "full" | "read-only" }>;
  /** app/server/availability.server.ts: every loader and action answers a database outage or a full disk with 503. */
  withAvailability(build: ServerBuild): ServerBuild;
  /** app/routing/request-scope.server.ts: the loaders of one request share what each would read again (who asks). */
  inRequestScope<T>(handle: () => T): T;
  /** app/platform/payload.server.ts: a page's loader data as JSON, for `…/_payload.json`. */
  answerPayload(build: ServerBuild, request: Request, context: AppLoadContext): Promise<Response>;
  /** app/platform/kept-pages.server.ts: a visitor's page, or a 304, before Remix runs; else the data version. */
  answerBeforeRemix(request: {
    url: string;
    method: string;
    headers: Pick<Headers, "get" | "has">;
  }): Promise<{ answer?: { status: number; headers: [string, string][]; body?: Buffer }; version?: string }>;
}

export const APP_RUNTIME_EXPORTS = [
  "startRuntime",
  "stopRuntime",
  "healthCheck",
  "withAvailability",
  "inRequestScope",
  "answerPayload",
  "answerBeforeRemix",
] as const satisfies readonly (keyof AppRuntime)[];

/** The app's runtime from a server build; throws, naming what is missing, when the build is not laid out as above. */
export function appRuntimeOf(build: ServerBuild): AppRuntime {
  const module = (build as { entry?: { module?: unknown } }).entry?.module as Record<string, unknown> | undefined;
  const missing = APP_RUNTIME_EXPORTS.filter((name) => typeof module?.[name] !== "function");
  if (missing.length) {
    throw new Error(
      `The server build's entry.module lacks app/entry.server.tsx's exports ${missing.join(", ")}: ` +
        "Remix no longer lays the build out as app/routing/remix-build.ts expects",
    );
  }
  return module as unknown as AppRuntime;
}

type RouteModule = ServerBuild["routes"][string]["module"];
export type Loader = NonNullable<RouteModule["loader"]>;
export type Action = NonNullable<RouteModule["action"]>;

/** A copy of the build with each route's loader and action passed through the given wrappers (absent: kept). */
export function wrapRouteHandlers(
  build: ServerBuild,
  wrap: { loader?: (loader: Loader) => Loader; action?: (action: Action) => Action },
): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    if (module.loader && wrap.loader) module.loader = wrap.loader(module.loader);
    if (module.action && wrap.action) module.action = wrap.action(module.action);
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

/** What `data(value, init)` returned, taken apart; undefined for anything else. */
export function dataWithInitOf(value: unknown): { data: unknown; init: ResponseInit | null } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const candidate = value as { type?: unknown; data?: unknown; init?: unknown };
  if (candidate.type !== "DataWithResponseInit" || !("data" in candidate) || !("init" in candidate)) return undefined;
  return { data: candidate.data, init: (candidate.init as ResponseInit | null) ?? null };
}
