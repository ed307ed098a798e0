import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "../config/service-worker";
import {
  type ContainerLike,
  type RegistrationLike,
  type ServiceWorkerClientOptions,
  type WorkerLike,
  SKIP_WAITING_MESSAGE,
  createServiceWorkerClient,
} from "./service-worker-client";

/** A worker whose state the test moves on; EventTarget gives real listener semantics. */
function fakeWorker(state = "installing") {
  const target = new EventTarget();
  const worker = {
    state,
    postMessage: vi.fn(),
    addEventListener: (type: "statechange", listener: () => void) => target.addEventListener(type, listener),
    moveTo(next: string) {
      worker.state = next;
      target.dispatchEvent(new Event("statechange"));
    },
  };
  return worker satisfies WorkerLike;
}

function fakeRegistration(init: Partial<Pick<RegistrationLike, "installing" | "waiting" | "active">> = {}) {
  const target = new EventTarget();
  const registration = {
    installing: null as WorkerLike | null,
    waiting: null as WorkerLike | null,
    active: null as WorkerLike | null,
    ...init,
    update: vi.fn(async (): Promise<unknown> => undefined),
    addEventListener: (type: "updatefound", listener: () => void) => target.addEventListener(type, listener),
    /** The browser found a new worker script: it becomes `installing` and updatefound fires. */
    findUpdate(worker: WorkerLike) {
      registration.installing = worker;
      target.dispatchEvent(new Event("updatefound"));
    },
  };
  return registration satisfies RegistrationLike;
}

type FakeRegistration = ReturnType<typeof fakeRegistration>;

function fakeContainer(opts: { controlled?: boolean; registration?: FakeRegistration } = {}) {
  const target = new EventTarget();
  const registration = opts.registration ?? fakeRegistration();
  const container = {
    controller: opts.controlled ? { postMessage: vi.fn() } : null,
    register: vi.fn(async (_url: string, _options: { type: "module"; scope: string }) => registration),
    addEventListener: vi.fn((type: "controllerchange", listener: () => void) =>
      target.addEventListener(type, listener),
    ),
    removeEventListener: vi.fn((type: "controllerchange", listener: () => void) =>
      target.removeEventListener(type, listener),
    ),
    /** A worker takes control of the page. */
    takeControl() {
      container.controller = { postMessage: vi.fn() };
      target.dispatchEvent(new Event("controllerchange"));
    },
  };
  return { container: container satisfies ContainerLike, registration };
}

function setup(
  opts: { controlled?: boolean; registration?: FakeRegistration } & Partial<ServiceWorkerClientOptions> = {},
) {
  const { container, registration } = fakeContainer(opts);
  const requestReload = vi.fn();
  const onControl = vi.fn();
  const logger = { warn: vi.fn() };
  const client = createServiceWorkerClient({
    container,
    url: SERVICE_WORKER_URL,
    scope: SERVICE_WORKER_SCOPE,
    requestReload,
    onControl,
    logger,
    ...("container" in opts ? { container: opts.container } : {}),
  });
  return { client, container, registration, requestReload, onControl, logger };
}

describe("service worker client: registration", () => {
  it("registers /sw.js?v=1.1.2 as a module for scope / (SPEC §7.4)", async () => {
    const { client, container, registration } = setup();
    expect(await client.start()).toBe(registration);
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, {
      type: "module",
      scope: SERVICE_WORKER_SCOPE,
    });
    expect(container.register.mock.calls[0]).toEqual(["/sw.js?v=1.1.2", { type: "module", scope: "/" }]);
  });

  it("only logs a registration failure: the site works without a worker (SPEC §8)", async () => {
    const { client, container, logger } = setup();
    const error = new DOMException("The operation is insecure.", "SecurityError");
    container.register.mockRejectedValueOnce(error);
    await expect(client.start()).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("registration failed"), error);
  });

  it("does nothing in a browser without service workers", async () => {
    const { client, requestReload } = setup({ container: undefined });
    await expect(client.start()).resolves.toBeUndefined();
    expect(() => client.stop()).not.toThrow();
    await expect(client.updateBeforeReload(5_000)).resolves.toBeUndefined();
    expect(requestReload).not.toHaveBeenCalled();
  });
});

describe("service worker client: SKIP_WAITING handshake", () => {
  it("sends SKIP_WAITING once to a worker that is already waiting", async () => {
    const waiting = fakeWorker("installed");
    const { client, registration } = setup({ registration: fakeRegistration({ waiting }) });
    await client.start();
    expect(waiting.postMessage).toHaveBeenCalledTimes(1);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    expect(SKIP_WAITING_MESSAGE).toEqual({ type: "SKIP_WAITING" });
    // Seeing the same worker again (an update check finds it still waiting) sends nothing more.
    registration.findUpdate(waiting);
    waiting.moveTo("installed");
    expect(waiting.postMessage).toHaveBeenCalledTimes(1);
  });

  it("sends SKIP_WAITING to an installing worker when it reaches installed, and only then", async () => {
    const installing = fakeWorker("installing");
    const { client } = setup({ registration: fakeRegistration({ installing }) });
    await client.start();
    expect(installing.postMessage).not.toHaveBeenCalled();
    installing.moveTo("installed");
    expect(installing.postMessage).toHaveBeenCalledTimes(1);
    expect(installing.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    installing.moveTo("activating");
    installing.moveTo("activated");
    expect(installing.postMessage).toHaveBeenCalledTimes(1);
  });

  it("does the same for a worker found later (updatefound)", async () => {
    const { client, registration } = setup({ controlled: true });
    await client.start();
    const next = fakeWorker("installing");
    registration.findUpdate(next);
    expect(next.postMessage).not.toHaveBeenCalled();
    next.moveTo("installed");
    expect(next.postMessage).toHaveBeenCalledTimes(1);
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  });

  it("sends nothing to a worker that fails to install", async () => {
    const installing = fakeWorker("installing");
    const { client } = setup({ registration: fakeRegistration({ installing }) });
    await client.start();
    installing.moveTo("redundant");
    expect(installing.postMessage).not.toHaveBeenCalled();
  });
});

describe("service worker client: controllerchange", () => {
  it("does not reload when the first worker takes control of a page that had none", async () => {
    const { client, container, requestReload, onControl } = setup({ controlled: false });
    await client.start();
    container.takeControl();
    expect(onControl).toHaveBeenCalledTimes(1);
    expect(requestReload).not.toHaveBeenCalled();
    // From now on the page runs under a worker, so a replacement reloads.
    container.takeControl();
    expect(requestReload).toHaveBeenCalledTimes(1);
    container.takeControl();
    expect(requestReload).toHaveBeenCalledTimes(2);
    expect(onControl).toHaveBeenCalledTimes(3);
  });

  it("asks for a reload once per change when a new worker replaces the controlling one", async () => {
    const { client, container, requestReload, onControl } = setup({ controlled: true });
    await client.start();
    container.takeControl();
    expect(requestReload).toHaveBeenCalledTimes(1);
    expect(onControl).toHaveBeenCalledTimes(1);
  });

  it("calls onControl before asking for the reload, so the new worker gets the token first", async () => {
    const { client, container, requestReload, onControl } = setup({ controlled: true });
    await client.start();
    container.takeControl();
    expect(onControl.mock.invocationCallOrder[0]).toBeLessThan(requestReload.mock.invocationCallOrder[0]);
  });

  it("stop() removes the listener", async () => {
    const { client, container, requestReload, onControl } = setup({ controlled: true });
    await client.start();
    client.stop();
    const added = container.addEventListener.mock.calls.find(([type]) => type === "controllerchange")?.[1];
    expect(container.removeEventListener).toHaveBeenCalledWith("controllerchange", added);
    container.takeControl();
    expect(onControl).not.toHaveBeenCalled();
    expect(requestReload).not.toHaveBeenCalled();
  });
});

describe("service worker client: updateBeforeReload", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Tracks whether a promise has settled, so the test can look without awaiting it. */
  function track(promise: Promise<void>) {
    const state = { settled: false };
    void promise.then(() => void (state.settled = true));
    return state;
  }

  it("resolves once the new worker has taken control", async () => {
    const { client, container, registration } = setup({ controlled: true });
    await client.start();
    const next = fakeWorker("installing");
    registration.update.mockImplementationOnce(async () => {
      registration.installing = next;
    });
    const done = track(client.updateBeforeReload(5_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    expect(done.settled).toBe(false);
    next.moveTo("installed");
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    await vi.advanceTimersByTimeAsync(0);
    expect(done.settled).toBe(false);
    container.takeControl();
    await vi.advanceTimersByTimeAsync(0);
    expect(done.settled).toBe(true);
    // Its own listener is gone; the client's controllerchange listener stays.
    expect(container.removeEventListener).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("resolves after the timeout when no worker takes over", async () => {
    const { client, registration } = setup({ controlled: true });
    await client.start();
    registration.update.mockImplementationOnce(async () => {
      registration.installing = fakeWorker("installing");
    });
    const done = track(client.updateBeforeReload(5_000));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(done.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done.settled).toBe(true);
  });

  it("resolves after the timeout when the update check itself hangs", async () => {
    const { client, registration } = setup({ controlled: true });
    await client.start();
    registration.update.mockImplementationOnce(() => new Promise(() => {}));
    const done = track(client.updateBeforeReload(2_000));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(done.settled).toBe(true);
  });

  it("resolves as soon as the update check finds no newer worker", async () => {
    const { client, registration } = setup({ controlled: true });
    await client.start();
    const done = track(client.updateBeforeReload(5_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.update).toHaveBeenCalledTimes(1);
    expect(done.settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("returns at once without a registration", async () => {
    const { client, container, registration } = setup({ controlled: true });
    // Never started: nothing registered.
    const done = track(client.updateBeforeReload(5_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(done.settled).toBe(true);
    expect(registration.update).not.toHaveBeenCalled();

    container.register.mockRejectedValueOnce(new Error("blocked"));
    await client.start();
    const afterFailure = track(client.updateBeforeReload(5_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(afterFailure.settled).toBe(true);
    expect(registration.update).not.toHaveBeenCalled();
  });

  it("returns at once on a page no worker controlled, since a takeover there does not reload", async () => {
    const { client, registration } = setup({ controlled: false });
    await client.start();
    const done = track(client.updateBeforeReload(5_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(done.settled).toBe(true);
    expect(registration.update).not.toHaveBeenCalled();
  });
});
