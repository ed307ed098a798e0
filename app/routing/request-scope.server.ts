import type { ServerBuild } from "@remix-run/node";
import { type Loader, wrapRouteHandlers } from "./route-handlers.server";

/**
 * What the loaders of one page request share. Remix hands every loader of a
 * request its own copy of the Request but the same load context, so a loader's
 * Request is mapped to that context here; a value worked out once per request
 * (who is signed in: the root loader, the guard and viewerFor all ask) is kept
 * on it. Actions are left out on purpose: an action may change what it read
 * (a new username), and the loaders after it must read it afresh.
 */
const scopeOf = new WeakMap<Request, object>();
const valuesOf = new WeakMap<object, Map<unknown, unknown>>();

/** The value under `key` for this request, computed by `make` once for all of its loaders. */
export function oncePerRequest<T>(request: Request, key: unknown, make: () => T): T {
  const scope = scopeOf.get(request);
  if (!scope) return make();
  let values = valuesOf.get(scope);
  if (!values) valuesOf.set(scope, (values = new Map()));
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as T;
}

function scoped(loader: Loader): Loader {
  return (args) => {
    const { request, context } = args;
    if ((request.method === "GET" || request.method === "HEAD") && typeof context === "object" && context !== null) {
      scopeOf.set(request, context);
    }
    return loader(args);
  };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every route's loader registered in its request's scope. */
export function withRequestScope(build: ServerBuild): ServerBuild {
  let result = wrapped.get(build);
  if (!result) {
    result = wrapRouteHandlers(build, { loader: scoped });
    wrapped.set(build, result);
  }
  return result;
}
