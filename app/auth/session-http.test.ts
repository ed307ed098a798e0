import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { describe, expect, it, vi } from "vitest";
import { createBrowserSession, type RefreshResult } from "./browser-session";
import { sessionHttp } from "./session-http";

function setup() {
  let issued = 0;
  const fetchRefresh = vi.fn(async (): Promise<RefreshResult> => ({ token: `jwt-${++issued}`, username: "anna" }));
  const session = createBrowserSession({
    storage: null,
    fetchRefresh,
    fetchLogout: async () => undefined,
    serviceWorker: undefined,
    logger: { error: vi.fn(), warn: vi.fn() },
  });
  return { session, fetchRefresh, http: sessionHttp(session, { logger: { error: vi.fn() } }) };
}

function recordingAdapter() {
  const seen: (string | undefined)[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const auth = config.headers.get("Authorization");
    seen.push(typeof auth === "string" ? auth : undefined);
    return { data: {}, status: 200, statusText: "OK", headers: {}, config };
  };
  return { adapter, seen };
}

describe("sessionHttp (SPEC §7.1, §7.3)", () => {
  it("refreshes before every request and sends the fresh token", async () => {
    const { http, fetchRefresh } = setup();
    const { adapter, seen } = recordingAdapter();
    await http.get("/api/me", { adapter });
    await http.post("/api/me", {}, { adapter });
    expect(fetchRefresh).toHaveBeenCalledTimes(2);
    expect(seen).toEqual(["Bearer jwt-1", "Bearer jwt-2"]);
  });

  it("sends no Authorization header when the refresh fails", async () => {
    const { http, fetchRefresh } = setup();
    fetchRefresh.mockRejectedValueOnce(new Error("401"));
    const { adapter, seen } = recordingAdapter();
    await http.get("/api/public", { adapter });
    expect(seen).toEqual([undefined]);
  });

  it("is one client per session", () => {
    const { session, http } = setup();
    expect(sessionHttp(session)).toBe(http);
  });
});
