import type { ServerBuild } from "@remix-run/node";

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
