// One reload per page, whoever asks for it (a newer build, a new service worker taking control). A reload must
// never eat what a member is typing: while a form holds unsaved input it waits for the next in-app navigation.
// No top-level browser globals, so the server may import it.

export interface PageReloaderOptions {
  reload: () => void;
  isUserTyping: () => boolean;
  /** Calls `cb` after each in-app navigation; returns an unsubscribe function. */
  onNavigation: (cb: () => void) => () => void;
  /** Runs just before the reload (e.g. let a waiting service worker take over first); its failure is logged. */
  beforeReload?: () => Promise<void>;
  logger?: Pick<Console, "warn">;
}

export interface PageReloader {
  /** Reloads now, or at the next navigation while the user is typing; later calls are ignored. */
  request(): void;
  readonly state: "idle" | "waiting" | "reloading";
}

export function createPageReloader(opts: PageReloaderOptions): PageReloader {
  const logger = opts.logger ?? console;
  let state: PageReloader["state"] = "idle";
  let unsubscribe: (() => void) | undefined;

  async function perform(): Promise<void> {
    if (state === "reloading") return;
    state = "reloading";
    unsubscribe?.();
    unsubscribe = undefined;
    try {
      await opts.beforeReload?.();
    } catch (err) {
      logger.warn("Preparing the reload failed; reloading anyway.", err);
    }
    opts.reload();
  }

  return {
    request() {
      if (state === "reloading") return;
      if (!opts.isUserTyping()) {
        void perform();
        return;
      }
      if (state === "waiting") return;
      state = "waiting";
      unsubscribe = opts.onNavigation(() => void perform());
    },
    get state() {
      return state;
    },
  };
}
