import { describe, expect, it } from "vitest";
import { inRequestScope, oncePerRequest } from "./request-scope.server";

/** A loader (or action) that asks for the per-request value, after a turn of the event loop as a query would. */
const ask = async (counter: { n: number }, request: Request) => {
  await new Promise((r) => setTimeout(r, 1));
  return oncePerRequest(request, "who", () => ++counter.n);
};

describe("oncePerRequest", () => {
  it("lets the loaders of one request share a value, each with its own copy of the request", async () => {
    const counter = { n: 0 };
    const values = await inRequestScope(() =>
      Promise.all([ask(counter, new Request("http://x/a")), ask(counter, new Request("http://x/a"))]),
    );
    expect([...values, counter.n]).toEqual([1, 1, 1]);
    // Another request reads afresh.
    expect(await inRequestScope(() => ask(counter, new Request("http://x/a")))).toBe(2);
  });

  it("keeps two requests handled at once apart", async () => {
    const counter = { n: 0 };
    const [a, b] = await Promise.all([
      inRequestScope(async () => [
        await ask(counter, new Request("http://x/a")),
        await ask(counter, new Request("http://x/a")),
      ]),
      inRequestScope(async () => [
        await ask(counter, new Request("http://x/b")),
        await ask(counter, new Request("http://x/b")),
      ]),
    ]);
    expect(a![0]).toBe(a![1]);
    expect(b![0]).toBe(b![1]);
    expect(a![0]).not.toBe(b![0]);
  });

  it("leaves actions reading afresh, and the loaders after an action read after it", async () => {
    const counter = { n: 0 };
    await inRequestScope(async () => {
      const post = () => new Request("http://x/a", { method: "POST" });
      expect(await ask(counter, post())).toBe(1);
      expect(await ask(counter, post())).toBe(2);
      // Remix gives the loaders after an action GET requests: they share a value read after the action.
      expect(await ask(counter, new Request("http://x/a"))).toBe(3);
      expect(await ask(counter, new Request("http://x/a"))).toBe(3);
    });
  });

  it("computes every time outside a request's scope", async () => {
    const counter = { n: 0 };
    await ask(counter, new Request("http://x/a"));
    expect(await ask(counter, new Request("http://x/a"))).toBe(2);
  });
});
