import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { APP_RUNTIME_EXPORTS, appRuntimeOf } from "../app/routing/remix-build";
import { serverDir } from "./server";

/**
 * Issue 28 item 2: the production build Remix's Vite plugin made carries app/entry.server.tsx's own exports at
 * `entry.module`, as app/routing/remix-build.ts (the one module that relies on the build's layout) expects.
 */
describe("the built server bundle", () => {
  it("carries the app's runtime at entry.module", async () => {
    const build = (await import(pathToFileURL(path.join(serverDir, "build/server/index.js")).href)) as ServerBuild;
    const runtime = appRuntimeOf(build);
    for (const name of APP_RUNTIME_EXPORTS) expect(typeof runtime[name], name).toBe("function");
    expect(typeof build.entry.module.default).toBe("function");
    expect(Object.keys(build.routes)).toContain("root");
  });
});
