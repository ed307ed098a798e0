// The page's side of the service worker (SPEC §4, §7.4, §8; issue #4 item 1): register /sw.js?v=1.1.2 as a
// module for scope /, send SKIP_WAITING to a worker that is waiting or newly installed, and reload once when a
// new worker takes control. A registration failure is only logged: the site works without a worker.
// No top-level browser globals, so the server may import it.

export interface WorkerLike {
  state: string;
  scriptURL?: string;
  postMessage(message: unknown): void;
  addEventListener(type: "statechange", listener: () => void): void;
}

export interface RegistrationLike {
  installing: WorkerLike | null;
  waiting: WorkerLike | null;
  active: WorkerLike | null;
  update(): Promise<unknown>;
  addEventListener(type: "updatefound", listener: () => void): void;
}

export interface ContainerLike {
  controller: { postMessage(message: unknown): void } | null;
  register(url: string, options: { type: "module"; scope: string }): Promise<RegistrationLike>;
  addEventListener(type: "controllerchange", listener: () => void): void;
  removeEventListener(type: "controllerchange", listener: () => void): void;
}

export interface ServiceWorkerClientOptions {
  container: ContainerLike | undefined;
  url: string;
  scope: string;
  /** Asked to reload when a new worker replaces the one that controlled this page. */
  requestReload: () => void;
  /** Called whenever a worker starts controlling the page (e.g. to hand it the current token). */
  onControl?: () => void;
  logger?: Pick<Console, "warn">;
}

export interface ServiceWorkerClient {
  start(): Promise<RegistrationLike | undefined>;
  stop(): void;
  /**
   * Asks the server for a newer worker and, when one installs, lets it take over before resolving (bounded by
   * `timeoutMs`), so a reload for a new build lands on the new worker instead of triggering a second reload.
   */
  updateBeforeReload(timeoutMs: number): Promise<void>;
}

export const SKIP_WAITING_MESSAGE = { type: "SKIP_WAITING" } as const;

export function createServiceWorkerClient(opts: ServiceWorkerClientOptions): ServiceWorkerClient {
  const { container } = opts;
  const logger = opts.logger ?? console;
  let registration: RegistrationLike | undefined;
  // The first worker to claim a page that had none changes nothing the page runs; only a replacement reloads.
  let hadController = Boolean(container?.controller);
  const sentSkip = new WeakSet<WorkerLike>();

  const skipWaiting = (worker: WorkerLike) => {
    if (sentSkip.has(worker)) return;
    sentSkip.add(worker);
    worker.postMessage(SKIP_WAITING_MESSAGE);
  };
  const watch = (worker: WorkerLike) => {
    if (worker.state === "installed") {
      skipWaiting(worker);
      return;
    }
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") skipWaiting(worker);
    });
  };

  const onControllerChange = () => {
    opts.onControl?.();
    if (!hadController) {
      hadController = true;
      return;
    }
    opts.requestReload();
  };

  async function start(): Promise<RegistrationLike | undefined> {
    if (!container) return undefined;
    container.addEventListener("controllerchange", onControllerChange);
    try {
      registration = await container.register(opts.url, { type: "module", scope: opts.scope });
    } catch (err) {
      // SPEC §8: a registration failure is logged only.
      logger.warn("Service worker registration failed", err);
      return undefined;
    }
    const reg = registration;
    if (reg.waiting) skipWaiting(reg.waiting);
    if (reg.installing) watch(reg.installing);
    reg.addEventListener("updatefound", () => {
      if (reg.installing) watch(reg.installing);
    });
    return reg;
  }

  function stop() {
    container?.removeEventListener("controllerchange", onControllerChange);
  }

  async function updateBeforeReload(timeoutMs: number): Promise<void> {
    const reg = registration;
    if (!container || !reg || !hadController) return;
    let onChange: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const takenOver = new Promise<void>((resolve) => {
      onChange = () => resolve();
      container.addEventListener("controllerchange", onChange);
    });
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await Promise.race([
        (async () => {
          await reg.update();
          const incoming = reg.installing ?? reg.waiting;
          if (!incoming) return;
          watch(incoming);
          await takenOver;
        })(),
        timedOut,
      ]);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      if (onChange) container.removeEventListener("controllerchange", onChange);
    }
  }

  return { start, stop, updateBeforeReload };
}
