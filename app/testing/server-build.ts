import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import routeConfig from "~/routes";

/**
 * Test support: the route table of the server build, made from app/routes.ts
 * and the route modules themselves, as Remix's Vite plugin makes it (ids from
 * the file name unless given, every route a child of root). For tests that
 * match URLs and call loaders the way the server does (payload files).
 */
export async function serverBuildRoutes(): Promise<ServerBuild["routes"]> {
  const routes: Record<string, unknown> = {
    root: { id: "root", parentId: undefined, path: "", module: await import("~/root") },
  };
  for (const entry of routeConfig) {
    if ("children" in entry && entry.children?.length) throw new Error("nested routes: extend serverBuildRoutes");
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    routes[id] = {
      id,
      parentId: "root",
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: (await import(/* @vite-ignore */ path.resolve("app", entry.file))) as unknown,
    };
  }
  return routes as ServerBuild["routes"];
}

let built: Promise<ServerBuild["routes"]> | undefined;

/**
 * Calls the loader (or action) of the route the request's path matches, with its params, as the server would:
 * for tests of pages whose route modules decide who may see them (the members' guard) before the domain runs.
 */
export async function callRoute(request: Request, handler: "loader" | "action" = "loader"): Promise<unknown> {
  const routes = await (built ??= serverBuildRoutes());
  const table = Object.values(routes)
    .filter((r) => r !== undefined && r.id !== "root")
    .map((r) => ({ id: r!.id, path: r!.path ?? "", caseSensitive: r!.caseSensitive }));
  const match = matchRoutes(table, new URL(request.url).pathname)?.at(-1);
  const run = match && routes[match.route.id]?.module[handler];
  if (!run) throw new Error(`no ${handler} for ${request.url}`);
  return run({ request, params: match.params, context: { clientIp: "" } });
}
