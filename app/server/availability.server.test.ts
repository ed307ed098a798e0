import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { STORAGE_ALERT_INTERVAL_MS, STORAGE_FAILURE_MEMORY_MS } from "~/config/timing";

const log = { error: vi.fn(), warn: vi.fn() };
vi.mock("~/config/logger.server", () => ({ logger: log }));

const {
  DATABASE_BUSY_MESSAGE,
  DATABASE_RESTARTING_MESSAGE,
  STORAGE_FULL_MESSAGE,
  STORAGE_READ_ONLY_MESSAGE,
  answerTrouble,
  retryAfterFor,
  storageState,
  withAvailability,
} = await import("./availability.server");

const withCode = (code: string) => Object.assign(new Error("driver"), { code });

function buildWith(loader: () => unknown, action?: () => unknown): ServerBuild {
  return {
    routes: { "routes/x": { id: "routes/x", path: "x", module: { loader, action, default: () => null } } },
  } as unknown as ServerBuild;
}

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

describe("withAvailability", () => {
  const args = { request: new Request("http://localhost/x"), params: {}, context: {} };

  it("turns a lost database into a 503 with Retry-After and the message", async () => {
    const build = withAvailability(buildWith(() => Promise.reject(withCode("57P01"))));
    const response = (await thrown(() => build.routes["routes/x"]!.module.loader!(args as never))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("10");
    expect(await response.text()).toBe(DATABASE_RESTARTING_MESSAGE);
  });

  it("says the site is busy, not restarting, when another write held SQLite's lock past the wait", async () => {
    log.warn.mockClear();
    const build = withAvailability(
      buildWith(
        () => null,
        () => Promise.reject(withCode("SQLITE_BUSY")),
      ),
    );
    const response = (await thrown(() => build.routes["routes/x"]!.module.action!(args as never))) as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("10");
    expect(await response.text()).toBe(DATABASE_BUSY_MESSAGE);
    expect(retryAfterFor(DATABASE_BUSY_MESSAGE)).toBe("10");
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("busy"));
  });

  it("turns a full disk in an action into a 503 that says so", async () => {
    const build = withAvailability(
      buildWith(
        () => null,
        () => Promise.reject(withCode("SQLITE_FULL")),
      ),
    );
    const response = (await thrown(() => build.routes["routes/x"]!.module.action!(args as never))) as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("300");
    expect(await response.text()).toBe(STORAGE_FULL_MESSAGE);
  });

  it("says so when the data folder is read-only, and alerts with its own line", async () => {
    log.error.mockClear();
    const build = withAvailability(
      buildWith(
        () => null,
        () => Promise.reject(withCode("SQLITE_READONLY")),
      ),
    );
    const response = (await thrown(() => build.routes["routes/x"]!.module.action!(args as never))) as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("300");
    expect(await response.text()).toBe(STORAGE_READ_ONLY_MESSAGE);
    expect(retryAfterFor(STORAGE_READ_ONLY_MESSAGE)).toBe("300");
    expect(retryAfterFor(DATABASE_RESTARTING_MESSAGE)).toBe("10");
  });

  it("passes results, thrown responses and other errors through unchanged", async () => {
    const redirect = new Response(null, { status: 302 });
    const bug = new Error("a bug");
    const ok = withAvailability(buildWith(() => ({ fine: true })));
    expect(await ok.routes["routes/x"]!.module.loader!(args as never)).toEqual({ fine: true });
    const redirects = withAvailability(buildWith(() => Promise.reject(redirect)));
    expect(await thrown(() => redirects.routes["routes/x"]!.module.loader!(args as never))).toBe(redirect);
    const buggy = withAvailability(buildWith(() => Promise.reject(bug)));
    expect(await thrown(() => buggy.routes["routes/x"]!.module.loader!(args as never))).toBe(bug);
  });

  it("wraps a build once", () => {
    const build = buildWith(() => null);
    expect(withAvailability(build)).toBe(withAvailability(build));
  });
});

describe("storage state", () => {
  it("alerts once per interval and reports 'full' until a probe write succeeds", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "metryka-storage-"));
    try {
      log.error.mockClear();
      // Later than any alert an earlier test caused.
      const now = Date.now() + STORAGE_ALERT_INTERVAL_MS + 1;
      answerTrouble("storage-full", withCode("SQLITE_FULL"), "/signup/new", now);
      answerTrouble("storage-full", withCode("SQLITE_FULL"), "/Login", now + 1_000);
      expect(log.error).toHaveBeenCalledTimes(1);
      // The folder is writable, so the probe clears the state.
      expect(await storageState(dir, now + 2_000)).toBe("ok");
      answerTrouble("storage-full", withCode("ENOSPC"), "/Login", now + 3_000);
      expect(await storageState(path.join(dir, "missing", "folder"), now + 4_000)).toBe("full");
      // Forgotten after a minute without failures.
      expect(await storageState(path.join(dir, "missing"), now + 3_000 + STORAGE_FAILURE_MEMORY_MS + 1)).toBe("ok");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
