import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
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
