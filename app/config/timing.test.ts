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
    expect(timing.SIGN_UP_LIMIT_WINDOW_MS).toBe(3_600_000);
    expect(timing.ACCOUNT_HELP_LIMIT_WINDOW_MS).toBe(3_600_000);
    expect(timing.API_LIMIT_WINDOW_MS).toBe(60_000);
  });

  it("keep the server's thread answering while searches and exports run (decision 0055)", () => {
    expect(timing.SQLITE_THREAD_SLICE_MS).toBe(20);
    expect(timing.SEARCH_STATEMENT_TIMEOUT_MS).toBe(5_000);
  });

  it("give /ConfigCheck sensible limits", () => {
    expect(timing.CLOCK_SKEW_WARN_MS).toBe(2 * 60 * 1000);
    expect(timing.CLOCK_SKEW_FAIL_MS).toBe(5 * 60 * 1000);
    expect(timing.CLOCK_SKEW_WARN_MS).toBeLessThan(timing.CLOCK_SKEW_FAIL_MS);
    // A skew that fails must be one that could matter for a token's lifetime.
    expect(timing.CLOCK_SKEW_FAIL_MS).toBeLessThan(timing.ACCESS_TOKEN_TTL_MS);
    expect(timing.DIAGNOSTIC_DATABASE_TIMEOUT_MS).toBe(2_000);
    expect(timing.DIAGNOSTIC_REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(timing.TOKEN_EXPIRY_WARN_MS).toBe(60_000);
    // A token renewed on schedule never comes near the warning.
    expect(timing.ACCESS_TOKEN_TTL_MS - timing.TOKEN_REFRESH_INTERVAL_MS).toBeGreaterThan(timing.TOKEN_EXPIRY_WARN_MS);
  });

  it("let a lost database or a full disk be answered and noticed without flooding the log", () => {
    expect(timing.PG_CONNECT_TIMEOUT_MS).toBe(5_000);
    expect(timing.SQLITE_BUSY_TIMEOUT_MS).toBe(5_000);
    // A writer tries the lock many times within its wait, so it takes the lock soon after it is freed.
    expect(timing.SQLITE_BUSY_RETRY_MAX_MS * 100).toBeLessThanOrEqual(timing.SQLITE_BUSY_TIMEOUT_MS);
    expect(timing.DATABASE_RETRY_AFTER_SECONDS).toBe(10);
    expect(timing.STORAGE_RETRY_AFTER_SECONDS).toBe(300);
    expect(timing.STORAGE_FAILURE_MEMORY_MS).toBe(60_000);
    expect(timing.STORAGE_ALERT_INTERVAL_MS).toBe(600_000);
    expect(timing.UNAVAILABLE_LOG_INTERVAL_MS).toBe(10_000);
    // A request must give up on a connection well before a browser gives up on the page.
    expect(timing.PG_CONNECT_TIMEOUT_MS).toBeLessThan(30_000);
  });

  it("let a running import be seen alive, and a dead one be noticed before anyone waits long", () => {
    expect(timing.IMPORT_HEARTBEAT_INTERVAL_MS).toBe(5_000);
    expect(timing.IMPORT_STALE_AFTER_MS).toBe(30_000);
    expect(timing.IMPORT_STALE_CHECK_INTERVAL_MS).toBe(10_000);
    // A dead instance's batch shows as failed within a minute.
    expect(timing.IMPORT_STALE_AFTER_MS + timing.IMPORT_STALE_CHECK_INTERVAL_MS).toBeLessThanOrEqual(60_000);
    expect(timing.IMPORT_PROGRESS_EVENT_MS).toBe(500);
    // Several heartbeats fit in the silence that marks a job dead: one slow write does not fail a live import.
    expect(timing.IMPORT_STALE_AFTER_MS).toBeGreaterThanOrEqual(5 * timing.IMPORT_HEARTBEAT_INTERVAL_MS);
    expect(timing.IMPORT_PROGRESS_EVENT_MS).toBeLessThan(timing.IMPORT_HEARTBEAT_INTERVAL_MS);
  });

  it("let a kept public page go unchecked for no longer than a minute", () => {
    expect(timing.PAGE_CACHE_FRESH_MS).toBe(60_000);
  });

  it("sweep the uploads folder hourly, never a file written in the last hours", () => {
    expect(timing.UPLOAD_SWEEP_INTERVAL_MS).toBe(3_600_000);
    expect(timing.UPLOAD_SWEEP_GRACE_MS).toBe(21_600_000);
  });
});
