import { describe, expect, it, vi } from "vitest";
import { MAX_CONCURRENT_PRELOADS } from "~/config/timing";
import { createPreloadQueue } from "./preload-queue";

interface Deferred {
  resolve: () => void;
  reject: (error: unknown) => void;
}

function deferredLoader() {
  const pending = new Map<string, Deferred>();
  const load = vi.fn(
    (href: string) =>
      new Promise<void>((resolve, reject) => {
        pending.set(href, { resolve, reject });
      }),
  );
  return { load, pending };
}

// Lets the queue's promise callbacks run.
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("createPreloadQueue", () => {
  it("defaults to the spec's limit of 4", () => {
    expect(MAX_CONCURRENT_PRELOADS).toBe(4);
  });

  it("runs at most 4 loads at once, in FIFO order, starting the next when one finishes", async () => {
    const { load, pending } = deferredLoader();
    const queue = createPreloadQueue({ load });
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/route-${i}.js`);
    hrefs.forEach((href) => void queue.enqueue(href));

    expect(queue.inFlight()).toBe(4);
    expect(queue.queued()).toBe(6);
    expect(load.mock.calls.map(([href]) => href)).toEqual(hrefs.slice(0, 4));

    pending.get(hrefs[2])?.resolve();
    await flush();
    expect(queue.inFlight()).toBe(4);
    expect(queue.queued()).toBe(5);
    expect(load.mock.calls.map(([href]) => href)).toEqual(hrefs.slice(0, 5));

    for (const href of hrefs) pending.get(href)?.resolve();
    await flush();
    for (const href of hrefs) pending.get(href)?.resolve();
    await flush();
    for (const href of hrefs) pending.get(href)?.resolve();
    await flush();
    expect(queue.inFlight()).toBe(0);
    expect(queue.queued()).toBe(0);
    expect(load.mock.calls.map(([href]) => href)).toEqual(hrefs);
  });

  it("never exceeds the limit while loads finish in any order", async () => {
    const { load, pending } = deferredLoader();
    const queue = createPreloadQueue({ load, maxConcurrent: 3 });
    let peak = 0;
    const all = Array.from({ length: 12 }, (_, i) => queue.enqueue(`/m${i}.js`));
    while (queue.inFlight() + queue.queued() > 0) {
      peak = Math.max(peak, queue.inFlight());
      const last = [...pending.keys()].pop() as string;
      pending.get(last)?.resolve();
      pending.delete(last);
      await flush();
    }
    await Promise.all(all);
    expect(peak).toBe(3);
    expect(load).toHaveBeenCalledTimes(12);
  });

  it("does not load an href again while it is queued, running or already loaded", async () => {
    const { load, pending } = deferredLoader();
    const queue = createPreloadQueue({ load, maxConcurrent: 1 });
    const a1 = queue.enqueue("/a.js");
    void queue.enqueue("/b.js");
    const b2 = queue.enqueue("/b.js");
    expect(queue.enqueue("/a.js")).toBe(a1);
    expect(queue.queued()).toBe(1);

    pending.get("/a.js")?.resolve();
    await a1;
    await flush();
    pending.get("/b.js")?.resolve();
    await b2;
    void queue.enqueue("/a.js");
    void queue.enqueue("/b.js");
    expect(load).toHaveBeenCalledTimes(2);
    expect(queue.inFlight()).toBe(0);
  });

  it("frees the slot of a failed load, reports it, resolves, and does not retry on its own", async () => {
    const { load, pending } = deferredLoader();
    const onError = vi.fn();
    const queue = createPreloadQueue({ load, maxConcurrent: 1, onError });
    const failing = queue.enqueue("/gone.js");
    void queue.enqueue("/next.js");
    const error = new TypeError("Failed to fetch dynamically imported module: /gone.js");
    pending.get("/gone.js")?.reject(error);
    await expect(failing).resolves.toBeUndefined();
    await flush();
    expect(onError).toHaveBeenCalledWith("/gone.js", error);
    expect(queue.inFlight()).toBe(1);
    expect(load.mock.calls.map(([href]) => href)).toEqual(["/gone.js", "/next.js"]);

    pending.get("/next.js")?.resolve();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    // A later explicit request (another hover) may try again.
    void queue.enqueue("/gone.js");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("treats a load that throws synchronously as a failure", async () => {
    const onError = vi.fn();
    const queue = createPreloadQueue({
      load: () => {
        throw new Error("sync");
      },
      onError,
    });
    await queue.enqueue("/x.js");
    expect(onError).toHaveBeenCalledTimes(1);
    expect(queue.inFlight()).toBe(0);
  });
});
