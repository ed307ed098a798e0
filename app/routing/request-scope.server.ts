import { AsyncLocalStorage } from "node:async_hooks";
import { withStatementTime } from "~/db/connection.server";

/**
 * What the loaders of one page request share: a value worked out once per request (who is signed in: the root
 * loader, the guard and viewerFor all ask) is kept for the rest of that request. server.ts runs the handling of each
 * request in its own scope (`inRequestScope`), so this needs nothing of Remix but that its loaders run inside that
 * call. Only loaders use it (a GET or HEAD request): an action may change what it read (a new username), and reads
 * afresh, as do the loaders after it, which find nothing kept yet.
 */
const scope = new AsyncLocalStorage<Map<unknown, unknown>>();

/**
 * Runs `handle` (Remix's handling of one request, or a payload file's) in a scope of its own, which is also one
 * request's unit of work for the turns of SQLite statements (withStatementTime).
 */
export function inRequestScope<T>(handle: () => T): T {
  return scope.run(new Map(), () => withStatementTime(handle));
}

/** The value under `key` for this request, computed by `make` once for all of its loaders. */
export function oncePerRequest<T>(request: Request, key: unknown, make: () => T): T {
  const values = request.method === "GET" || request.method === "HEAD" ? scope.getStore() : undefined;
  if (!values) return make();
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as T;
}
