/**
 * The authenticated request helper (SPEC §7.3, §8): every browser call to `/api/*` that acts for a user goes through
 * an instance made here, so the Bearer header, the accepted status range, the single "Global Axios error:" log line
 * and the retry policy are decided in one place.
 *
 * Safe to import on the server: nothing here touches `window`.
 */
import axios, { type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";

declare module "axios" {
  interface AxiosRequestConfig {
    /**
     * How many times this request may be retried after a retryable failure, overriding the per-method default
     * (1 for GET/HEAD/OPTIONS, 0 otherwise). Setting it on a POST/PUT/PATCH/DELETE asserts that the call is safe to
     * repeat.
     */
    metrykaRetries?: number;
    /** Set by the client on its own retries; callers leave it unset. */
    metrykaAttempt?: number;
  }
}

/** Statuses that say "try again" rather than "this request is wrong" (SPEC §8). 501 is permanent, so not here. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["get", "head", "options"]);

/** Pause when the server gives no Retry-After: long enough to ride out a restart blip, short enough not to be felt. */
export const DEFAULT_RETRY_DELAY_MS = 300;
/** A server asking for longer is effectively down; the user is better served by the error than by a hung page. */
export const MAX_RETRY_AFTER_MS = 10_000;

export function isAcceptedStatus(status: number): boolean {
  return status >= 200 && status < 400;
}

export interface HttpClientOptions {
  baseURL?: string;
  /** Read on every attempt, so a token refreshed by `beforeRequest` is the one sent. */
  getToken: () => string | null;
  /** Awaited once per request, before the token is read (the browser session refreshes here, SPEC §7.1). */
  beforeRequest?: () => Promise<void>;
  logger?: Pick<Console, "error">;
  /** Pause between attempts; injectable so tests need neither real waiting nor fake timers. */
  sleep?: (ms: number) => Promise<void>;
  retryDelayMs?: number;
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function retryBudget(config: InternalAxiosRequestConfig): number {
  if (config.metrykaRetries !== undefined) return Math.max(0, Math.floor(config.metrykaRetries));
  return IDEMPOTENT_METHODS.has((config.method ?? "get").toLowerCase()) ? 1 : 0;
}

function isRetryableFailure(error: AxiosError): boolean {
  if (axios.isCancel(error)) return false;
  // No response at all: the connection dropped or the server was unreachable.
  if (!error.response) return error.request !== undefined;
  return RETRYABLE_STATUSES.has(error.response.status);
}

/** Retry-After is delta-seconds or an HTTP date (RFC 9110 §10.2.3); anything unreadable falls back to the default. */
export function retryDelayFor(
  response: AxiosResponse | undefined,
  fallbackMs: number,
  now: number = Date.now(),
): number {
  const header: unknown = response?.headers?.["retry-after"];
  if (typeof header !== "string" || header.trim() === "") return fallbackMs;
  const value = header.trim();
  let ms: number;
  if (/^\d+$/.test(value)) {
    ms = Number(value) * 1000;
  } else if (/^[A-Za-z]{3}/.test(value)) {
    // Every HTTP-date form starts with the day name; without this check Date.parse would accept "-5".
    const at = Date.parse(value);
    if (Number.isNaN(at)) return fallbackMs;
    ms = at - now;
  } else {
    return fallbackMs;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

export function createHttpClient(opts: HttpClientOptions): AxiosInstance {
  const logger = opts.logger ?? console;
  const sleep = opts.sleep ?? defaultSleep;
  const fallbackDelay = opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;

  const client = axios.create({
    baseURL: opts.baseURL,
    // SPEC §9 "Default HTTP timeout: none" — a slow search must not be cut off by the client.
    timeout: 0,
    validateStatus: isAcceptedStatus,
  });

  client.interceptors.request.use(async (config) => {
    // A retry is the same logical request: the token was refreshed moments ago for its first attempt.
    if (opts.beforeRequest && !config.metrykaAttempt) await opts.beforeRequest();
    const token = opts.getToken();
    // Our token wins over a caller-supplied header: this client speaks for the signed-in user only.
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (axios.isAxiosError(error) && error.config) {
      const config = error.config;
      const attempt = config.metrykaAttempt ?? 0;
      if (attempt < retryBudget(config) && isRetryableFailure(error) && !config.signal?.aborted) {
        await sleep(retryDelayFor(error.response, fallbackDelay));
        // The retry runs through this interceptor again, so only its final failure gets logged.
        return client.request({ ...config, metrykaAttempt: attempt + 1 });
      }
    }
    logger.error("Global Axios error:", error);
    throw error;
  });

  return client;
}
