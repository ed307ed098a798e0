import { describe, expect, it, vi } from "vitest";
import { LANGUAGE_MEMO_PATH, MAX_PAGE_ENTRIES, OFFLINE_PATHS, cacheNamesFor, offlinePath } from "./policy";
import { type VersionReply, type WorkerScope, installServiceWorker } from "./worker";

const ORIGIN = "https://metryka.test";
const IDENTITY = { version: "1.1.2", buildId: "b1" };
const NAMES = cacheNamesFor(IDENTITY.version, IDENTITY.buildId);

function absolute(input: RequestInfo | URL): string {
  if (typeof input === "string") return new URL(input, ORIGIN).href;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** One cache: keys come back in insertion order, and a put of an existing key moves it to the end, as browsers do. */
class FakeCache {
  readonly entries = new Map<string, Response>();

  async match(request: RequestInfo | URL, _options?: CacheQueryOptions): Promise<Response | undefined> {
    // Every match hands out a fresh body, like the real Cache API.
    return this.entries.get(absolute(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = absolute(request);
    this.entries.delete(key);
    this.entries.set(key, response);
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(absolute(request));
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  urls(): string[] {
    return [...this.entries.keys()];
  }
}

class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }
  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }
  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }
  /** Test helper: the URLs stored under a cache name, [] when it does not exist. */
  urls(name: string): string[] {
    return this.caches.get(name)?.urls() ?? [];
  }
  allUrls(): string[] {
    return [...this.caches.values()].flatMap((cache) => cache.urls());
  }
}

/** Node's Response says type "default"; the worker only stores same-origin ("basic") answers, as a browser gives. */
function basic(body: BodyInit | null, init: ResponseInit & { redirected?: boolean } = {}): Response {
  const response = new Response(body, init);
  Object.defineProperty(response, "type", { value: "basic" });
  if (init.redirected) Object.defineProperty(response, "redirected", { value: true });
  return response;
}

const html = (body: string, headers: Record<string, string> = {}) =>
  basic(`<!DOCTYPE html><html><body>${body}</body></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", ...headers },
  });

type Route = (url: string, request: Request | undefined, init: RequestInit | undefined) => Response;

interface Listeners {
  install: ((event: unknown) => void)[];
  activate: ((event: unknown) => void)[];
  fetch: ((event: unknown) => void)[];
  message: ((event: unknown) => void)[];
}

function setup(opts: { active?: object | null; windows?: { url: string }[]; languages?: string[] } = {}) {
  const caches = new FakeCacheStorage();
  const routes = new Map<string, Route>();
  for (const path of OFFLINE_PATHS) {
    // "<h1>Offline</h1>" in English, "<h1>Offline (de)</h1>" in German …
    const language = /^\/offline\.(\w+)\.html$/.exec(path)?.[1];
    const heading = language ? `Offline (${language})` : "Offline";
    routes.set(path, () => basic(`<h1>${heading}</h1>`, { headers: { "Content-Type": "text/html" } }));
  }
  let online = true;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!online) throw new TypeError("Failed to fetch");
    const url = absolute(input);
    const { pathname, search } = new URL(url);
    const route = routes.get(pathname + search) ?? routes.get(pathname);
    const request = input instanceof Request ? input : undefined;
    return route ? route(url, request, init) : basic("Not Found", { status: 404 });
  });
  const listeners: Listeners = { install: [], activate: [], fetch: [], message: [] };
  const windows = opts.windows ?? [];
  const scope = {
    location: { origin: ORIGIN },
    navigator: { languages: opts.languages ?? ["en-US", "en"] },
    caches: caches as unknown as CacheStorage,
    fetch,
    skipWaiting: vi.fn(async () => {}),
    registration: { active: opts.active ?? null },
    clients: {
      claim: vi.fn(async () => {}),
      matchAll: vi.fn(async () => windows.map((w) => ({ ...w, type: "window" }))),
    },
    addEventListener: (type: keyof Listeners, listener: (event: unknown) => void) => listeners[type].push(listener),
  };
  const worker = installServiceWorker(scope as unknown as WorkerScope, IDENTITY);

  /** Fires install or activate; resolves (or rejects) with everything handed to waitUntil. */
  async function lifecycle(type: "install" | "activate"): Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const listener of listeners[type]) listener({ waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  }

  /** Fires a fetch event; `response` is undefined when the worker left the request to the browser. */
  async function request(
    path: string,
    init: { mode?: string; method?: string; headers?: Record<string, string> } = {},
  ): Promise<Response | undefined> {
    const url = path.includes("://") ? path : ORIGIN + path;
    const req = new Request(url, { method: init.method ?? "GET", headers: init.headers });
    // Node refuses to build a Request with mode "navigate"; browsers hand the worker such requests.
    Object.defineProperty(req, "mode", { value: init.mode ?? "cors" });
    let answered: Promise<Response> | undefined;
    const pending: Promise<unknown>[] = [];
    for (const listener of listeners.fetch) {
      listener({
        request: req,
        respondWith: (r: Response | Promise<Response>) => {
          if (answered) throw new Error("respondWith called twice");
          answered = Promise.resolve(r);
        },
        waitUntil: (p: Promise<unknown>) => pending.push(p),
      });
    }
    await Promise.all(pending);
    return answered;
  }

  const navigate = (path: string, headers?: Record<string, string>) => request(path, { mode: "navigate", headers });

  /** Posts a message; resolves with the waitUntil work done and whatever was posted back on the port. */
  async function message(data: unknown, opts: { port?: boolean } = {}) {
    const port = { postMessage: vi.fn() };
    const pending: Promise<unknown>[] = [];
    const waitUntil = vi.fn((p: Promise<unknown>) => void pending.push(p));
    const ports = opts.port === false ? [] : [port];
    for (const listener of listeners.message) listener({ data, ports, waitUntil });
    await Promise.all(pending);
    return { replies: port.postMessage.mock.calls.map(([reply]) => reply as VersionReply), waitUntil };
  }

  async function version(): Promise<VersionReply> {
    const { replies } = await message({ type: "GET_VERSION" });
    expect(replies).toHaveLength(1);
    return replies[0];
  }

  /** The requests fetch saw, as Requests (string inputs resolved against the origin). */
  function fetched(): { url: string; request?: Request; init?: RequestInit }[] {
    return fetch.mock.calls.map(([input, init]) => ({
      url: absolute(input),
      request: input instanceof Request ? input : undefined,
      init,
    }));
  }

  return {
    scope,
    worker,
    caches,
    fetch,
    routes,
    fetched,
    lifecycle,
    request,
    navigate,
    message,
    version,
    goOffline: () => void (online = false),
    goOnline: () => void (online = true),
  };
}

describe("service worker: install", () => {
  it("stores the offline page in every language, fetched without credentials and past the HTTP cache", async () => {
    const sw = setup();
    await sw.lifecycle("install");
    expect(sw.caches.urls(NAMES.offline)).toEqual(OFFLINE_PATHS.map((path) => ORIGIN + path));
    for (const path of OFFLINE_PATHS) {
      expect(sw.fetch).toHaveBeenCalledWith(path, { credentials: "omit", cache: "no-cache" });
    }
    // Installing does not take over by itself: the page decides when (SKIP_WAITING).
    expect(sw.scope.skipWaiting).not.toHaveBeenCalled();
  });

  it("fails when the offline page cannot be fetched, so a broken build never installs", async () => {
    const sw = setup();
    sw.routes.set(offlinePath("uk"), () => basic("oops", { status: 500 }));
    await expect(sw.lifecycle("install")).rejects.toThrow(/500/);
    expect(sw.caches.urls(NAMES.offline)).toEqual([]);
  });
});

describe("service worker: activate", () => {
  it("deletes our caches of other builds, keeps the current ones and other apps' caches, and claims the pages", async () => {
    const sw = setup();
    await sw.lifecycle("install");
    const previous = cacheNamesFor("1.1.2", "b0");
    const older = cacheNamesFor("1.0.9", "zz");
    for (const name of [previous.assets, previous.pages, previous.offline, older.pages, "other-app-v3", "workbox-rt"])
      await sw.caches.open(name);
    await sw.caches.open(NAMES.assets);

    await sw.lifecycle("activate");

    expect((await sw.caches.keys()).sort()).toEqual([NAMES.assets, NAMES.offline, "other-app-v3", "workbox-rt"].sort());
    expect(sw.caches.urls(NAMES.offline)).toEqual(OFFLINE_PATHS.map((path) => ORIGIN + path));
    expect(sw.scope.clients.claim).toHaveBeenCalledTimes(1);
  });

  it("warms the visitor's copy of open public pages and the build files they name, but not members' pages", async () => {
    const sw = setup({
      windows: [{ url: `${ORIGIN}/Search?surname=Nowak#results` }, { url: `${ORIGIN}/members/profile` }],
    });
    sw.routes.set("/Search", () =>
      html(
        `<link rel="modulepreload" href="/assets/entry-abc.js"><link rel="stylesheet" href="/assets/root-def.css">` +
          `<script type="module">import("/assets/route-ghi.js")</script>`,
      ),
    );
    for (const asset of ["/assets/entry-abc.js", "/assets/root-def.css", "/assets/route-ghi.js"])
      sw.routes.set(asset, () => basic(`/* ${asset} */`));
    sw.routes.set("/members/profile", () => html("Jan Nowak's profile"));

    await sw.lifecycle("activate");

    expect(sw.scope.clients.matchAll).toHaveBeenCalledWith({ type: "window", includeUncontrolled: true });
    const pageFetch = sw.fetched().find((f) => f.url.startsWith(`${ORIGIN}/Search`));
    // The fragment is the page's own business; the copy is the one a signed-out visitor gets.
    expect(pageFetch?.url).toBe(`${ORIGIN}/Search?surname=Nowak`);
    expect(pageFetch?.request?.credentials).toBe("omit");
    expect(sw.caches.urls(NAMES.pages)).toEqual([`${ORIGIN}/Search?surname=Nowak`]);
    expect(sw.caches.urls(NAMES.assets).sort()).toEqual(
      [`${ORIGIN}/assets/entry-abc.js`, `${ORIGIN}/assets/root-def.css`, `${ORIGIN}/assets/route-ghi.js`].sort(),
    );
    for (const { url, init } of sw.fetched().filter((f) => f.url.includes("/assets/")))
      expect(init, url).toEqual({ credentials: "omit" });
    expect(sw.fetched().some((f) => f.url.includes("/members/"))).toBe(false);
    expect(sw.caches.allUrls().some((url) => url.includes("/members/"))).toBe(false);
  });

  it("does not warm a page the server marks private, and a failing window does not fail activation", async () => {
    const sw = setup({ windows: [{ url: `${ORIGIN}/release-notes` }, { url: `${ORIGIN}/Search` }] });
    sw.routes.set("/release-notes", () => html("notes", { "Cache-Control": "private, no-store" }));
    sw.routes.set("/Search", () => {
      throw new TypeError("Failed to fetch");
    });
    await sw.lifecycle("activate");
    expect(sw.caches.urls(NAMES.pages)).toEqual([]);
    expect(sw.scope.clients.claim).toHaveBeenCalledTimes(1);
  });
});

describe("service worker: fetch", () => {
  it("answers a build file from the cache without touching the network", async () => {
    const sw = setup();
    await (await sw.caches.open(NAMES.assets)).put(`${ORIGIN}/assets/a-1.js`, basic("cached"));
    const response = await sw.request("/assets/a-1.js");
    expect(await response?.text()).toBe("cached");
    expect(sw.fetch).not.toHaveBeenCalled();
  });

  it("fetches and stores a build file it does not have yet, but not a failed one", async () => {
    const sw = setup();
    sw.routes.set("/assets/a-1.js", () => basic("fresh"));
    const response = await sw.request("/assets/a-1.js");
    expect(await response?.text()).toBe("fresh");
    expect(sw.caches.urls(NAMES.assets)).toEqual([`${ORIGIN}/assets/a-1.js`]);
    expect(await (await sw.request("/assets/a-1.js"))?.text()).toBe("fresh");
    expect(sw.fetch).toHaveBeenCalledTimes(1);

    const missing = await sw.request("/assets/gone-2.js");
    expect(missing?.status).toBe(404);
    expect(sw.caches.urls(NAMES.assets)).toEqual([`${ORIGIN}/assets/a-1.js`]);
  });

  it("goes to the network first for a page and stores a cacheable public copy", async () => {
    const sw = setup();
    sw.routes.set("/Search", () => html("results v1"));
    const response = await sw.navigate("/Search?surname=Nowak");
    expect(await response?.text()).toContain("results v1");
    expect(sw.caches.urls(NAMES.pages)).toEqual([`${ORIGIN}/Search?surname=Nowak`]);
    // Network first: a stored copy never hides a fresher answer.
    sw.routes.set("/Search", () => html("results v2"));
    expect(await (await sw.navigate("/Search?surname=Nowak"))?.text()).toContain("results v2");
  });

  it("does not store a page marked private, no-store", async () => {
    const sw = setup();
    sw.routes.set("/Search", () => html("Signed in as jan", { "Cache-Control": "private, no-store" }));
    const response = await sw.navigate("/Search");
    expect(await response?.text()).toContain("Signed in as jan");
    expect(sw.caches.urls(NAMES.pages)).toEqual([]);
  });

  it("does not store a page asked for with an Authorization header, nor a members page", async () => {
    const sw = setup();
    sw.routes.set("/Search", () => html("results"));
    sw.routes.set("/members/profile", () => html("profile"));
    await sw.navigate("/Search", { Authorization: "Bearer abc" });
    await sw.navigate("/members/profile");
    expect(sw.caches.allUrls()).toEqual([]);
  });

  it("offline, serves the stored copy of a page, else the offline page", async () => {
    const sw = setup();
    await sw.lifecycle("install");
    sw.routes.set("/Search", () => html("stored results"));
    await sw.navigate("/Search");
    sw.goOffline();
    expect(await (await sw.navigate("/Search"))?.text()).toContain("stored results");
    const other = await sw.navigate("/release-notes");
    expect(await other?.text()).toBe("<h1>Offline</h1>");
  });

  it("offline, answers in the language the site last answered in, remembered in the cache", async () => {
    const sw = setup({ languages: ["de-DE"] });
    await sw.lifecycle("install");
    sw.goOffline();
    // Before any page: the browser's language.
    expect(await (await sw.navigate("/release-notes"))?.text()).toBe("<h1>Offline (de)</h1>");
    sw.goOnline();
    sw.routes.set("/Search", () => html("Wyniki", { "Content-Language": "pl" }));
    await sw.navigate("/Search?lng=pl");
    expect(sw.caches.urls(NAMES.offline)).toContain(ORIGIN + LANGUAGE_MEMO_PATH);
    sw.goOffline();
    const page = await sw.navigate("/release-notes");
    expect(await page?.text()).toBe("<h1>Offline (pl)</h1>");
    expect(page?.headers.get("Content-Language")).toBe("pl");
  });

  it("offline without a stored offline page, answers 503 rather than failing", async () => {
    const sw = setup();
    sw.goOffline();
    const response = await sw.navigate("/Search");
    expect(response?.status).toBe(503);
  });

  it("offline, answers a members page with the offline page even if a copy were stored", async () => {
    const sw = setup();
    await sw.lifecycle("install");
    // Cannot happen through the worker; the fence must hold if something ever put it there.
    await (await sw.caches.open(NAMES.pages)).put(`${ORIGIN}/members/profile`, html("Jan Nowak's profile"));
    sw.goOffline();
    expect(await (await sw.navigate("/members/profile"))?.text()).toBe("<h1>Offline</h1>");
  });

  describe("payload files", () => {
    const PAYLOAD = "/stpete/birth/search/_payload.json";

    function withPayload() {
      const sw = setup();
      sw.routes.set(PAYLOAD, () => basic('{"ok":true}', { headers: { "Content-Type": "application/json" } }));
      const sentAuthorization = () => {
        const last = sw.fetched().at(-1);
        expect(last?.url).toBe(ORIGIN + PAYLOAD);
        return last?.request?.headers.get("authorization") ?? null;
      };
      return { sw, sentAuthorization };
    }

    it("go out without a token before the page has sent one", async () => {
      const { sw, sentAuthorization } = withPayload();
      const response = await sw.request(PAYLOAD);
      expect(await response?.json()).toEqual({ ok: true });
      expect(sentAuthorization()).toBeNull();
    });

    it("carry the member's token after UPDATE_TOKEN, fetched past the HTTP cache", async () => {
      const { sw, sentAuthorization } = withPayload();
      await sw.message({ type: "UPDATE_TOKEN", token: "tok-1" });
      await sw.request(PAYLOAD);
      expect(sentAuthorization()).toBe("Bearer tok-1");
      expect(sw.fetched().at(-1)?.request?.cache).toBe("no-store");
      // The newest token wins.
      await sw.message({ type: "UPDATE_TOKEN", token: "tok-2" });
      await sw.request(PAYLOAD);
      expect(sentAuthorization()).toBe("Bearer tok-2");
    });

    it("go out without a token after CLEAR_TOKEN or an empty UPDATE_TOKEN", async () => {
      const { sw, sentAuthorization } = withPayload();
      await sw.message({ type: "UPDATE_TOKEN", token: "tok-1" });
      await sw.message({ type: "CLEAR_TOKEN" });
      await sw.request(PAYLOAD);
      expect(sentAuthorization()).toBeNull();
      await sw.message({ type: "UPDATE_TOKEN", token: "tok-1" });
      await sw.message({ type: "UPDATE_TOKEN", token: "" });
      await sw.request(PAYLOAD);
      expect(sentAuthorization()).toBeNull();
      await sw.message({ type: "UPDATE_TOKEN", token: 42 });
      await sw.request(PAYLOAD);
      expect(sentAuthorization()).toBeNull();
    });

    it("keep an Authorization header the page sent itself", async () => {
      const { sw, sentAuthorization } = withPayload();
      await sw.message({ type: "UPDATE_TOKEN", token: "worker-token" });
      await sw.request(PAYLOAD, { headers: { Authorization: "Bearer page-token" } });
      expect(sentAuthorization()).toBe("Bearer page-token");
    });

    it("are never stored, with or without a token, online or not", async () => {
      const { sw } = withPayload();
      await sw.request(PAYLOAD);
      await sw.message({ type: "UPDATE_TOKEN", token: "tok" });
      await sw.request(PAYLOAD);
      await sw.request(PAYLOAD, { mode: "navigate" });
      expect(sw.caches.allUrls()).toEqual([]);
    });
  });

  it("leaves non-GET, other-origin and other same-origin requests to the browser", async () => {
    const sw = setup();
    expect(await sw.request("/Search", { mode: "navigate", method: "POST" })).toBeUndefined();
    expect(await sw.request("/assets/a-1.js", { method: "POST" })).toBeUndefined();
    expect(await sw.request("https://cdn.example/assets/a-1.js")).toBeUndefined();
    expect(await sw.request("https://cdn.example/", { mode: "navigate" })).toBeUndefined();
    expect(await sw.request("/api/auth/me")).toBeUndefined();
    expect(await sw.request("/builds/latest.json?t=1")).toBeUndefined();
    expect(sw.fetch).not.toHaveBeenCalled();
  });

  it(`keeps at most MAX_PAGE_ENTRIES (${MAX_PAGE_ENTRIES}) pages, dropping the oldest`, async () => {
    const sw = setup();
    sw.routes.set("/Search", () => html("results"));
    const extra = 5;
    for (let i = 0; i < MAX_PAGE_ENTRIES + extra; i++) await sw.navigate(`/Search?page=${i}`);
    const stored = sw.caches.urls(NAMES.pages);
    expect(stored).toHaveLength(MAX_PAGE_ENTRIES);
    expect(stored[0]).toBe(`${ORIGIN}/Search?page=${extra}`);
    expect(stored.at(-1)).toBe(`${ORIGIN}/Search?page=${MAX_PAGE_ENTRIES + extra - 1}`);
    for (let i = 0; i < extra; i++) expect(stored).not.toContain(`${ORIGIN}/Search?page=${i}`);
  });
});

describe("service worker: messages", () => {
  it("CLEAR_TOKEN removes any private entries from the caches and keeps public ones", async () => {
    const sw = setup();
    const pages = await sw.caches.open(NAMES.pages);
    const assets = await sw.caches.open(NAMES.assets);
    await pages.put(`${ORIGIN}/members/profile`, html("profile"));
    await pages.put(`${ORIGIN}/Search`, html("results"));
    await pages.put(`${ORIGIN}/api/auth/me`, basic("{}"));
    await assets.put(`${ORIGIN}/assets/a-1.js`, basic("a"));
    await assets.put(`${ORIGIN}/members/admin/_payload.json`, basic("{}"));
    await sw.message({ type: "UPDATE_TOKEN", token: "tok" });
    await sw.message({ type: "CLEAR_TOKEN" });
    expect(sw.caches.urls(NAMES.pages)).toEqual([`${ORIGIN}/Search`]);
    expect(sw.caches.urls(NAMES.assets)).toEqual([`${ORIGIN}/assets/a-1.js`]);
  });

  it("GET_VERSION reports the identity, no takeover and no token on a first install", async () => {
    const sw = setup();
    await sw.lifecycle("install");
    expect(await sw.version()).toEqual({
      type: "VERSION",
      version: "1.1.2",
      buildId: "b1",
      skippedWaiting: false,
      replacedWorker: false,
      hasToken: false,
    });
  });

  it("SKIP_WAITING calls skipWaiting, and GET_VERSION then says so", async () => {
    const sw = setup({ active: {} });
    await sw.lifecycle("install");
    const { waitUntil } = await sw.message({ type: "SKIP_WAITING" });
    expect(sw.scope.skipWaiting).toHaveBeenCalledTimes(1);
    expect(waitUntil).toHaveBeenCalledTimes(1);
    const reply = await sw.version();
    expect(reply.skippedWaiting).toBe(true);
    // Another worker was active at install, so this one had to wait for the page's handshake.
    expect(reply.replacedWorker).toBe(true);
  });

  it("GET_VERSION reports whether a token is held", async () => {
    const sw = setup();
    await sw.message({ type: "UPDATE_TOKEN", token: "tok" });
    expect((await sw.version()).hasToken).toBe(true);
    await sw.message({ type: "CLEAR_TOKEN" });
    expect((await sw.version()).hasToken).toBe(false);
  });

  it("GET_VERSION without a port to answer on does not throw", async () => {
    const sw = setup();
    await expect(sw.message({ type: "GET_VERSION" }, { port: false })).resolves.toMatchObject({ replies: [] });
  });

  it.each([
    null,
    undefined,
    42,
    "SKIP_WAITING",
    {},
    { type: "skip_waiting" },
    { type: "NOPE" },
    [{ type: "SKIP_WAITING" }],
  ])("ignores the unknown message %j", async (data) => {
    const sw = setup();
    const { replies, waitUntil } = await sw.message(data);
    expect(replies).toEqual([]);
    expect(waitUntil).not.toHaveBeenCalled();
    expect(sw.scope.skipWaiting).not.toHaveBeenCalled();
    expect((await sw.version()).skippedWaiting).toBe(false);
  });
});
