import { afterAll, describe, expect, it, vi } from "vitest";

// The database is down: reading who is signed in fails.
vi.mock("~/auth/guard.server", () => ({
  getCurrentUser: vi.fn(async () => {
    throw new Error("database down");
  }),
}));

const warn = vi.fn();
vi.mock("~/config/logger.server", () => ({ logger: { warn: (...args: unknown[]) => warn(...args) } }));

describe("the root loader", () => {
  const previous = process.env.SESSION_SECRET;
  process.env.SESSION_SECRET = "root-loader-test-secret";
  afterAll(() => {
    if (previous === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = previous;
  });

  it("renders the page signed out when the sign-in cannot be read, rather than failing every page", async () => {
    const { loader } = await import("./root");
    const response = await loader({
      request: new Request("http://metryka.test/ConfigCheck", { headers: { Cookie: "metryka_refresh=x" } }),
      params: {},
      context: { clientIp: "" },
    });
    expect(response.data.user).toBeNull();
    // The browser still holds its refresh cookie: the page refreshes (SPEC §7.1), and a visitor without one does not.
    expect(response.data.session).toBe(true);
    expect(response.data.csrf).toEqual(expect.any(String));
    expect(warn).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      "could not read the sign-in; the page is rendered as signed out",
    );
  });

  it("tells a visitor's page there is no session to refresh", async () => {
    const { loader } = await import("./root");
    const response = await loader({
      request: new Request("http://metryka.test/", { headers: { Cookie: "metryka_refresh_other=x" } }),
      params: {},
      context: { clientIp: "" },
    });
    expect(response.data.session).toBe(false);
  });
});
