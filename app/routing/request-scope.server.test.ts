import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { oncePerRequest, withRequestScope } from "./request-scope.server";

type Args = { request: Request; context: object };

/** A build whose two routes' loaders (and one action) each ask for the same per-request value. */
function buildCounting(counter: { n: number }): ServerBuild {
  const ask = ({ request }: Args) => oncePerRequest(request, "who", () => ++counter.n);
  const route = (id: string) => ({ id, path: id, module: { loader: ask, action: ask } });
  return { routes: { root: route("root"), page: route("page") } } as unknown as ServerBuild;
}

const call = (build: ServerBuild, id: string, kind: "loader" | "action", args: Args) =>
  (build.routes[id]!.module[kind] as unknown as (a: Args) => number)(args);

describe("withRequestScope", () => {
  it("lets the loaders of one request share a value, as Remix hands each its own copy of the request", () => {
    const counter = { n: 0 };
    const build = withRequestScope(buildCounting(counter));
    const context = {};
    const first = call(build, "root", "loader", { request: new Request("http://x/a"), context });
    const second = call(build, "page", "loader", { request: new Request("http://x/a"), context });
    expect([first, second, counter.n]).toEqual([1, 1, 1]);
    // Another request (another load context) reads afresh.
    expect(call(build, "page", "loader", { request: new Request("http://x/a"), context: {} })).toBe(2);
  });

  it("leaves actions and the loaders after a form post reading afresh", () => {
    const counter = { n: 0 };
    const build = withRequestScope(buildCounting(counter));
    const context = {};
    const post = () => new Request("http://x/a", { method: "POST" });
    call(build, "page", "action", { request: post(), context });
    call(build, "page", "loader", { request: post(), context });
    call(build, "root", "loader", { request: post(), context });
    expect(counter.n).toBe(3);
  });

  it("wraps a build once", () => {
    const build = buildCounting({ n: 0 });
    expect(withRequestScope(build)).toBe(withRequestScope(build));
  });
});
