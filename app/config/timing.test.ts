import { describe, expect, it } from "vitest";
import * as timing from "./timing";

describe("timing constants (SPEC §4, §9)", () => {
  it("match the specification", () => {
    expect(timing.TOKEN_REFRESH_INTERVAL_MS).toBe(300 * 1000);
    expect(timing.BUILD_CHECK_INTERVAL_MS).toBe(36e5);
    expect(timing.RELOAD_GUARD_TTL_MS).toBe(1e4);
    expect(timing.MENU_CLOSE_DELAY_MS).toBe(50);
    expect(timing.MENU_TRANSITION_MS).toBe(250);
    expect(timing.MENU_SCREEN_OFFSET_PX).toBe(10);
    expect(timing.MAX_CONCURRENT_PRELOADS).toBe(4);
  });

  it("keep sign-ins safe and bearable", () => {
    expect(timing.ACCESS_TOKEN_TTL_MS).toBe(600_000);
    expect(timing.REFRESH_TOKEN_TTL_MS).toBe(30 * 86_400_000);
    // The grace window must be far shorter than the refresh interval, or reuse would go unnoticed.
    expect(timing.REFRESH_REUSE_GRACE_MS).toBeLessThan(timing.TOKEN_REFRESH_INTERVAL_MS / 5);
    expect(timing.LOGIN_LOCK_BASE_MS).toBe(30_000);
    expect(timing.LOGIN_LOCK_MAX_MS).toBe(3_600_000);
  });
});
