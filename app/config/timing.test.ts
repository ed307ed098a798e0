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
});
