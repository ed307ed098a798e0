import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUILD_ID_ENV, BUILD_ID_FILE_ENV, buildInfoFrom, currentBuildId } from "./build-info.server";

const build = {
  assets: {
    version: "abc123",
    routes: {
      root: { path: "" },
      "routes/_index": { index: true, parentId: "root" },
      "routes/unified-search": { path: "/Search", parentId: "root" },
      "routes/record": { path: "/stpete/birth/record/:recordId", parentId: "root" },
      "routes/pages": { path: "/members/*", parentId: "root" },
      "routes/profile": { path: "/members/profile", parentId: "root" },
    },
  },
};

describe("build info", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("uses the manifest version and lists only static routes", () => {
    vi.stubEnv(BUILD_ID_FILE_ENV, "");
    const info = buildInfoFrom(build, 42);
    expect(info.id).toBe("abc123");
    expect(typeof info.timestamp).toBe("number");
    expect(info.routes).toEqual(["/", "/Search", "/members/profile"]);
  });

  it("lets a test deploy a new build through the override file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "metryka-build-"));
    try {
      const file = path.join(dir, "build-id");
      writeFileSync(file, "  second-build\n");
      utimesSync(file, 1_700_000_000, 1_700_000_000);
      vi.stubEnv(BUILD_ID_FILE_ENV, file);
      vi.stubEnv(BUILD_ID_ENV, "abc123");
      expect(buildInfoFrom(build, 42)).toMatchObject({ id: "second-build", timestamp: 1_700_000_000_000 });
      expect(currentBuildId()).toBe("second-build");
      rmSync(file);
      expect(buildInfoFrom(build, 42).id).toBe("abc123");
      expect(currentBuildId()).toBe("abc123");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
