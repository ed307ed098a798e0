import { type ServerBuild, createRequestHandler, data } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { APP_RUNTIME_EXPORTS, appRuntimeOf, dataWithInitOf, wrapRouteHandlers } from "./remix-build";
import * as entry from "~/entry.server";

/**
 * The three things app/routing/remix-build.ts relies on, checked against the installed Remix: if an update changes
 * either, these fail (and the server refuses to start rather than serve pages without their 503s).
 */

/** The smallest server build Remix's own request handler serves: a root and a resource route. */
function tinyBuild(loader: () => Response): ServerBuild {
  const asset = (id: string, parentId?: string, path?: string) => ({
    id,
    parentId,
    path,
    module: `/${id}.js`,
    hasLoader: id !== "root",
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  });
  return {
    mode: "production",
    entry: { module: { default: () => new Response("document") } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      "routes/thing": { id: "routes/thing", parentId: "root", path: "thing", module: { loader } },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: { root: asset("root", undefined, ""), "routes/thing": asset("routes/thing", "root", "thing") },
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_singleFetch: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

describe("Remix's server build as app/routing/remix-build.ts uses it", () => {
  it("serves the loaders and actions of a build whose route modules were wrapped", async () => {
    const build = tinyBuild(() => new Response("own", { headers: { "Content-Type": "text/plain" } }));
    const wrapped = wrapRouteHandlers(build, {
      loader: (loader) => async (args) => {
        const answer = (await loader(args)) as Response;
        return new Response(`wrapped ${await answer.text()}`, { headers: answer.headers });
      },
    });
    expect(build.routes["routes/thing"]!.module.loader).not.toBe(wrapped.routes["routes/thing"]!.module.loader);
    const response = await createRequestHandler(wrapped)(new Request("http://localhost/thing"));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("wrapped own");
  });

  it("finds the app's runtime among app/entry.server.tsx's exports", () => {
    const runtime = appRuntimeOf({ entry: { module: entry } } as unknown as ServerBuild);
    for (const name of APP_RUNTIME_EXPORTS) expect(typeof runtime[name], name).toBe("function");
  });

  it("refuses, naming them, a build whose entry module lacks the runtime's exports", () => {
    expect(() => appRuntimeOf({ entry: { module: { default: () => null } } } as unknown as ServerBuild)).toThrow(
      /lacks app\/entry\.server\.tsx's exports startRuntime, stopRuntime, .*answerBeforeRemix/,
    );
    expect(() => appRuntimeOf({} as ServerBuild)).toThrow(/entry\.module/);
  });

  it("takes apart what data(value, init) returns, and nothing else", () => {
    const taken = dataWithInitOf(data({ errors: ["x"] }, { status: 400, headers: { "X-A": "1" } }));
    expect(taken?.data).toEqual({ errors: ["x"] });
    expect(taken?.init?.status).toBe(400);
    expect(new Headers(taken?.init?.headers).get("X-A")).toBe("1");
    expect(dataWithInitOf(data("plain"))).toEqual({ data: "plain", init: null });
    for (const other of [null, "x", { data: 1 }, new Response("r"), { type: "Other", data: 1, init: null }]) {
      expect(dataWithInitOf(other)).toBeUndefined();
    }
  });
});
