import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AxiosError } from "axios";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createHttpClient,
  DEFAULT_RETRY_DELAY_MS,
  MAX_RETRY_AFTER_MS,
  retryDelayFor,
  type HttpClientOptions,
} from "./http";

interface Hit {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, hitNumber: number) => void;

let server: Server;
let baseURL: string;
let handler: Handler;
let hits: Hit[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      hits.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      handler(req, res, hits.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

beforeEach(() => {
  hits = [];
  handler = (_req, res) => reply(res, 200, { ok: true });
});

afterEach(() => {
  vi.useRealTimers();
});

function reply(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

/** Replies `status` every time; the body names the hit so a retry is visible in the response. */
function always(status: number, headers: Record<string, string> = {}): Handler {
  return (_req, res, n) => reply(res, status, { hit: n }, headers);
}

function setup(overrides: Partial<HttpClientOptions> = {}) {
  const logger = { error: vi.fn() };
  const delays: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    delays.push(ms);
  });
  const client = createHttpClient({ baseURL, getToken: () => null, logger, sleep, ...overrides });
  return { client, logger, delays, sleep };
}

/** vi.waitFor would advance the fake clock itself and hide an early retry, so poll on the unfaked immediate queue. */
async function untilHits(count: number): Promise<void> {
  const deadline = performance.now() + 5000;
  while (hits.length < count && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  expect(hits).toHaveLength(count);
}

async function failure(promise: Promise<unknown>): Promise<AxiosError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AxiosError) return err;
    throw err;
  }
  throw new Error("expected the request to fail");
}

function expectLoggedOnce(logger: { error: ReturnType<typeof vi.fn> }, error: unknown): void {
  expect(logger.error).toHaveBeenCalledTimes(1);
  expect(logger.error).toHaveBeenCalledWith("Global Axios error:", error);
}

describe("Authorization header (SPEC §6, §7.3)", () => {
  it("sends Bearer <token> when a token exists", async () => {
    const { client } = setup({ getToken: () => "jwt.abc.def" });
    await client.get("/api/records");
    expect(hits[0].authorization).toBe("Bearer jwt.abc.def");
  });

  it("sends no Authorization header without a token", async () => {
    const { client } = setup({ getToken: () => null });
    await client.get("/api/records");
    expect(hits[0].authorization).toBeUndefined();
  });

  it("awaits beforeRequest first and sends the token it produced", async () => {
    let token: string | null = null;
    const beforeRequest = vi.fn(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      token = "fresh";
    });
    const { client } = setup({ getToken: () => token, beforeRequest });
    await client.get("/api/records");
    expect(beforeRequest).toHaveBeenCalledTimes(1);
    expect(hits[0].authorization).toBe("Bearer fresh");
  });

  it("runs beforeRequest once per request, not per retry, but re-reads the token for the retry", async () => {
    let token = "t1";
    const beforeRequest = vi.fn(async () => undefined);
    handler = (_req, res, n) => {
      token = "t2";
      reply(res, n === 1 ? 503 : 200, {});
    };
    const { client } = setup({ getToken: () => token, beforeRequest });
    await client.get("/api/records");
    expect(beforeRequest).toHaveBeenCalledTimes(1);
    expect(hits.map((h) => h.authorization)).toEqual(["Bearer t1", "Bearer t2"]);
  });

  it("fails the request, logged once, when beforeRequest rejects", async () => {
    const { client, logger } = setup({ beforeRequest: () => Promise.reject(new Error("boom")) });
    let caught: unknown;
    await client.get("/api/records").catch((err: unknown) => (caught = err));
    expect(caught).toBeInstanceOf(Error);
    expect(hits).toHaveLength(0);
    expectLoggedOnce(logger, caught);
  });
});

describe("accepted statuses (SPEC §7.3, §9: 200 up to but not including 400)", () => {
  it.each([200, 201, 204, 299, 304, 399])("treats %i as success", async (status) => {
    handler = (_req, res) => reply(res, status);
    const { client, logger } = setup();
    const res = await client.get("/x");
    expect(res.status).toBe(status);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("treats a 302 as success when redirects are not followed", async () => {
    handler = (_req, res) => reply(res, 302, undefined, { location: "/elsewhere" });
    const { client } = setup();
    const res = await client.get("/x", { maxRedirects: 0 });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/elsewhere");
    expect(hits).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 422, 500, 501, 503])("treats %i as an error", async (status) => {
    handler = always(status);
    const { client, logger } = setup();
    const err = await failure(client.get("/x", { metrykaRetries: 0 }));
    expect(err.response?.status).toBe(status);
    expectLoggedOnce(logger, err);
  });
});

describe("retries (SPEC §8)", () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a GET failing with %i exactly once", async (status) => {
    handler = always(status);
    const { client, logger, delays } = setup();
    const err = await failure(client.get("/x"));
    expect(hits).toHaveLength(2);
    expect(err.response?.status).toBe(status);
    expect(err.response?.data).toEqual({ hit: 2 });
    expect(delays).toEqual([DEFAULT_RETRY_DELAY_MS]);
    expectLoggedOnce(logger, err);
  });

  it.each([400, 401, 403, 404, 501])("does not retry a GET failing with %i", async (status) => {
    handler = always(status);
    const { client, logger, sleep } = setup();
    const err = await failure(client.get("/x"));
    expect(hits).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
    expectLoggedOnce(logger, err);
  });

  it("returns the retry's success without logging anything", async () => {
    handler = (_req, res, n) => reply(res, n === 1 ? 503 : 200, { hit: n });
    const { client, logger } = setup();
    const res = await client.get("/x");
    expect(res.data).toEqual({ hit: 2 });
    expect(hits).toHaveLength(2);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it.each(["head", "options"] as const)("gives %s one retry too", async (method) => {
    handler = always(503);
    const { client, logger } = setup();
    const err = await failure(client.request({ url: "/x", method }));
    expect(hits.map((h) => h.method)).toEqual([method.toUpperCase(), method.toUpperCase()]);
    expectLoggedOnce(logger, err);
  });

  it.each(["post", "put", "patch", "delete"] as const)("never retries %s by default", async (method) => {
    handler = always(503);
    const { client, logger, sleep } = setup();
    const err = await failure(client.request({ url: "/x", method, data: { a: 1 } }));
    expect(hits).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
    expectLoggedOnce(logger, err);
  });

  it("lets a request override its retry budget", async () => {
    handler = always(503);
    const { client } = setup();

    await failure(client.get("/none", { metrykaRetries: 0 }));
    expect(hits).toHaveLength(1);

    hits = [];
    await failure(client.get("/two", { metrykaRetries: 2 }));
    expect(hits).toHaveLength(3);

    hits = [];
    await failure(client.post("/post", { surname: "Kowalski" }, { metrykaRetries: 1 }));
    expect(hits.map((h) => [h.method, JSON.parse(h.body)])).toEqual([
      ["POST", { surname: "Kowalski" }],
      ["POST", { surname: "Kowalski" }],
    ]);
  });

  it("retries a GET once after a dropped connection, but not a POST", async () => {
    handler = (req, res, n) => (n === 1 ? req.socket.destroy() : reply(res, 200, { hit: n }));
    const get = setup();
    const res = await get.client.get("/x");
    expect(res.data).toEqual({ hit: 2 });
    expect(get.logger.error).not.toHaveBeenCalled();

    hits = [];
    const post = setup();
    const err = await failure(post.client.post("/x", {}));
    expect(err.response).toBeUndefined();
    expect(hits).toHaveLength(1);
    expectLoggedOnce(post.logger, err);
  });

  it("gives up on a GET whose connection drops twice, logging once", async () => {
    handler = (req) => req.socket.destroy();
    const { client, logger } = setup();
    const err = await failure(client.get("/x"));
    expect(hits).toHaveLength(2);
    expect(err.response).toBeUndefined();
    expectLoggedOnce(logger, err);
  });

  it("honours Retry-After in seconds, capped at 10 s", async () => {
    handler = always(503, { "retry-after": "2" });
    const first = setup();
    await failure(first.client.get("/x"));
    expect(first.delays).toEqual([2000]);

    handler = always(429, { "retry-after": "3600" });
    const second = setup();
    await failure(second.client.get("/x"));
    expect(second.delays).toEqual([MAX_RETRY_AFTER_MS]);
  });

  it("waits the default delay, then Retry-After, on real (faked) timers", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let status = 503;
    handler = (_req, res, n) =>
      reply(res, n === 1 ? status : 200, {}, n === 1 && status === 429 ? { "retry-after": "1" } : {});
    const client = createHttpClient({ baseURL, getToken: () => null, logger: { error: vi.fn() } });

    const pending = client.get("/x");
    await untilHits(1);
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY_DELAY_MS - 1);
    expect(hits).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await untilHits(2);
    await pending;

    hits = [];
    status = 429;
    const throttled = client.get("/x");
    await untilHits(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(hits).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await untilHits(2);
    await throttled;
  });
});

describe("retryDelayFor", () => {
  const withHeader = (value: string) => ({ headers: { "retry-after": value } }) as never;

  it("reads seconds and HTTP dates, clamped to 0..10 s", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryDelayFor(withHeader("0"), 300, now)).toBe(0);
    expect(retryDelayFor(withHeader(" 7 "), 300, now)).toBe(7000);
    expect(retryDelayFor(withHeader("11"), 300, now)).toBe(10_000);
    expect(retryDelayFor(withHeader("Wed, 01 Jan 2025 00:00:04 GMT"), 300, now)).toBe(4000);
    expect(retryDelayFor(withHeader("Tue, 31 Dec 2024 23:00:00 GMT"), 300, now)).toBe(0);
    expect(retryDelayFor(withHeader("Thu, 01 Jan 2026 00:00:00 GMT"), 300, now)).toBe(10_000);
  });

  it("falls back to the default for a missing or unreadable header", () => {
    expect(retryDelayFor(undefined, 300)).toBe(300);
    expect(retryDelayFor({ headers: {} } as never, 300)).toBe(300);
    expect(retryDelayFor(withHeader("soon"), 300)).toBe(300);
    expect(retryDelayFor(withHeader("-5"), 300)).toBe(300);
  });
});

describe("timeout (SPEC §9: no default HTTP timeout)", () => {
  it("configures none", async () => {
    const { client } = setup();
    expect(client.defaults.timeout).toBe(0);
    handler = (_req, res) => setTimeout(() => reply(res, 200, {}), 50);
    const res = await client.get("/slow");
    expect(res.config.timeout).toBe(0);
  });
});
