import { describe, expect, it, vi } from "vitest";
import { MOUNT_FAILURE_MESSAGE, createRecoverableErrorHandler, reportMountFailure } from "./mount";

describe("reportMountFailure", () => {
  it("logs 'Failed to mount the app' with the error and rethrows the same error", () => {
    const logger = { error: vi.fn() };
    const error = new Error("hydration exploded");
    expect(() => reportMountFailure(error, logger)).toThrow(error);
    expect(MOUNT_FAILURE_MESSAGE).toBe("Failed to mount the app");
    expect(logger.error).toHaveBeenCalledWith("Failed to mount the app", error);
  });

  it("rethrows non-Error values unchanged", () => {
    const logger = { error: vi.fn() };
    let caught: unknown;
    try {
      reportMountFailure("plain string", logger);
    } catch (thrown) {
      caught = thrown;
    }
    expect(caught).toBe("plain string");
  });

  it("logs to the console by default", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = new Error("x");
    expect(() => reportMountFailure(error)).toThrow(error);
    expect(spy).toHaveBeenCalledWith("Failed to mount the app", error);
    spy.mockRestore();
  });
});

describe("createRecoverableErrorHandler", () => {
  it("logs without throwing", () => {
    const logger = { error: vi.fn() };
    const error = new Error("Hydration failed because the initial UI does not match");
    expect(() => createRecoverableErrorHandler(logger)(error)).not.toThrow();
    expect(logger.error).toHaveBeenCalledWith("Recoverable error while mounting the app", error);
  });
});
