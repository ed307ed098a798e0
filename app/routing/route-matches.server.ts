import { createRequire } from "node:module";

/**
 * Remix and React Router match a page's path against the whole route tree several times per request (the server
 * runtime, the render, and the partial manifest once for each parent path), and every match flattens and ranks all
 * the routes and compiles a pattern for each: about 10 % of a page's server CPU with the registry's ~80 routes
 * (issue 12). Which routes a path matches depends only on the tree's ids and paths, so the answer is kept per path
 * and per tree shape. The render builds a fresh tree of fresh route objects for every request, so a kept answer
 * names its routes by id and each call gets matches on its own tree's route objects (and its own params).
 *
 * Every caller (@remix-run/server-runtime, @remix-run/react, react-router) reads `matchRoutes` from the package's
 * exports object at the time of the call, so replacing it there reaches them; the router's own internal calls (the
 * static handler's) keep the original.
 */

interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}
interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}
type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => Match[] | null;
type KeptMatch = Omit<Match, "route"> & { id: string };

/** Paths remembered per tree shape: record pages make many; the oldest go first. */
const PATHS_PER_SHAPE = 5000;
/** Tree shapes remembered (a production server has two or three; a dev server one per edit of the routes). */
const SHAPES = 8;

interface Shape {
  signature: string;
  byId: Map<string, RouteLike>;
}

/** A tree's shape: its ids, paths and nesting; undefined when a route has no id (or two share one). */
function shapeOf(routes: RouteLike[]): Shape | undefined {
  const parts: string[] = [];
  const byId = new Map<string, RouteLike>();
  let named = true;
  const walk = (list: RouteLike[]) => {
    parts.push("[");
    for (const route of list) {
      if (route.id === undefined || byId.has(route.id)) named = false;
      else byId.set(route.id, route);
      parts.push(`${route.id}|${route.path ?? ""}|${route.index ? 1 : 0}|${route.caseSensitive ? 1 : 0}`);
      if (route.children?.length) walk(route.children);
    }
    parts.push("]");
  };
  walk(routes);
  return named ? { signature: parts.join("\n"), byId } : undefined;
}

export function cachingMatchRoutes(original: MatchRoutes, limit = PATHS_PER_SHAPE): MatchRoutes {
  const shapes = new WeakMap<RouteLike[], Shape | null>();
  const answers = new Map<string, Map<string, KeptMatch[] | null>>();
  return (routes, location, basename = "/") => {
    let shape = shapes.get(routes);
    if (shape === undefined) shapes.set(routes, (shape = shapeOf(routes) ?? null));
    if (!shape) return original(routes, location, basename);
    // Matching reads the pathname alone (a string location's search and hash are parsed off).
    const path = typeof location === "string" ? location.replace(/[?#].*$/, "") : (location.pathname ?? "/");
    const key = `${basename}\u0000${path}`;
    let ofShape = answers.get(shape.signature);
    if (!ofShape) {
      if (answers.size >= SHAPES) answers.delete(answers.keys().next().value!);
      answers.set(shape.signature, (ofShape = new Map()));
    }
    let kept = ofShape.get(key);
    if (kept === undefined) {
      const matches = original(routes, path, basename);
      kept = matches && matches.map(({ route, ...m }) => ({ ...m, params: { ...m.params }, id: route.id! }));
      if (ofShape.size >= limit) ofShape.delete(ofShape.keys().next().value!);
      ofShape.set(key, kept);
      return matches;
    }
    if (!kept) return null;
    const { byId } = shape;
    return kept.map(({ id, ...m }) => ({ ...m, params: { ...m.params }, route: byId.get(id)! }));
  };
}

const require = createRequire(import.meta.url);

/** Installs the cache on @remix-run/router's exports (once; the server calls it at start). */
export function cacheRouteMatches(): void {
  const router = require("@remix-run/router") as { matchRoutes: MatchRoutes & { cached?: true } };
  if (router.matchRoutes.cached) return;
  router.matchRoutes = Object.assign(cachingMatchRoutes(router.matchRoutes), { cached: true as const });
}
