// Issue 4 item 5: route-code preloads must not crowd out the requests the user is waiting for, so they run
// through one FIFO queue with at most MAX_CONCURRENT_PRELOADS (SPEC §9) downloads at once.
import { MAX_CONCURRENT_PRELOADS } from "~/config/timing";

export interface PreloadQueueOptions {
  maxConcurrent?: number;
  load: (href: string) => Promise<unknown>;
  /** Told about a failed preload; preloads are best-effort, so nothing else is. */
  onError?: (href: string, error: unknown) => void;
}

export interface PreloadQueue {
  /** Resolves when the preload of `href` has finished, whether it succeeded or not; never rejects. */
  enqueue(href: string): Promise<void>;
  inFlight(): number;
  queued(): number;
}

interface Job {
  href: string;
  done: () => void;
}

export function createPreloadQueue({
  maxConcurrent = MAX_CONCURRENT_PRELOADS,
  load,
  onError,
}: PreloadQueueOptions): PreloadQueue {
  const limit = Math.max(1, Math.floor(maxConcurrent));
  const waiting: Job[] = [];
  // Every href that is queued, running or loaded, so hovering the same link twice does not download twice.
  const known = new Map<string, Promise<void>>();
  let running = 0;

  const pump = () => {
    while (running < limit && waiting.length > 0) {
      const job = waiting.shift() as Job;
      running += 1;
      let loading: Promise<unknown>;
      try {
        loading = load(job.href);
      } catch (error) {
        loading = Promise.reject(error);
      }
      loading.then(
        () => finish(job),
        (error: unknown) => {
          // Forgotten so that a later hover may try again; an automatic retry could hammer a missing chunk.
          known.delete(job.href);
          onError?.(job.href, error);
          finish(job);
        },
      );
    }
  };

  const finish = (job: Job) => {
    running -= 1;
    job.done();
    pump();
  };

  return {
    enqueue(href) {
      const existing = known.get(href);
      if (existing) return existing;
      const promise = new Promise<void>((resolve) => {
        waiting.push({ href, done: resolve });
      });
      known.set(href, promise);
      pump();
      return promise;
    },
    inFlight: () => running,
    queued: () => waiting.length,
  };
}
