// The service worker (issue #4 item 1, SPEC §7.4). sw.entry.ts calls installServiceWorker(self, …); tests call it
// with a fake global scope, fake caches and a fake fetch. TypeScript's WebWorker library cannot be loaded next
// to the DOM one the app uses, so the few worker types needed are declared here.
import {
  MAX_ASSET_ENTRIES,
  MAX_PAGE_ENTRIES,
  LANGUAGE_MEMO_PATH,
  OFFLINE_PATHS,
  assetUrlsInHtml,
  cacheNamesFor,
  classifyRequest,
  isCacheable,
  isPrivatePath,
  offlineLanguage,
  offlinePageWithSavedPages,
  offlinePath,
  pageTitle,
  staleCacheNames,
  type SavedPage,
} from "./policy";

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  ports?: readonly { postMessage(message: unknown): void }[];
}
interface WindowClientLike {
  url: string;
  type?: string;
}

export interface WorkerScope {
  location: { origin: string };
  navigator: { languages: readonly string[] };
  caches: CacheStorage;
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  skipWaiting(): Promise<void>;
  registration: { active: object | null };
  clients: {
    claim(): Promise<void>;
    matchAll(options?: { type?: string; includeUncontrolled?: boolean }): Promise<readonly WindowClientLike[]>;
  };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
}

export interface WorkerIdentity {
  version: string;
  buildId: string;
}

export interface VersionReply {
  type: "VERSION";
  version: string;
  buildId: string;
  /** Whether the page sent this worker SKIP_WAITING. */
  skippedWaiting: boolean;
  /** Whether another worker was active when this one installed, so it had to wait for the handshake. */
  replacedWorker: boolean;
  hasToken: boolean;
}

export type WorkerMessage =
  | { type: "SKIP_WAITING" }
  | { type: "UPDATE_TOKEN"; token: string | null }
  | { type: "CLEAR_TOKEN" }
  | { type: "GET_VERSION" };

function asMessage(data: unknown): WorkerMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, token } = data as { type?: unknown; token?: unknown };
  if (type === "SKIP_WAITING" || type === "GET_VERSION" || type === "CLEAR_TOKEN") return { type };
  if (type === "UPDATE_TOKEN") return { type, token: typeof token === "string" && token !== "" ? token : null };
  return null;
}

export function installServiceWorker(scope: WorkerScope, identity: WorkerIdentity) {
  const names = cacheNamesFor(identity.version, identity.buildId);
  const origin = scope.location.origin;
  // Held in memory only: a token must never reach Cache Storage, and a stopped worker simply waits for the
  // page's next refresh (at most TOKEN_REFRESH_INTERVAL_MS away) to get it again.
  let token: string | null = null;
  let skippedWaiting = false;
  let replacedWorker = false;
  // The language of the site's last page, for the offline page; also kept in the offline cache, since a worker is
  // stopped when idle and may start again only once the network is gone.
  let answeredLanguage: string | null = null;

  async function trim(cacheName: string, max: number): Promise<void> {
    const cache = await scope.caches.open(cacheName);
    const keys = await cache.keys();
    // Cache keys come back in insertion order: the oldest go first.
    for (const request of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(request);
  }

  async function store(cacheName: string, request: Request, response: Response, max: number): Promise<void> {
    const cache = await scope.caches.open(cacheName);
    await cache.put(request, response);
    await trim(cacheName, max);
  }

  async function cacheAsset(url: string): Promise<void> {
    const cache = await scope.caches.open(names.assets);
    if (await cache.match(url)) return;
    const response = await scope.fetch(url, { credentials: "omit" });
    if (response.ok && response.type === "basic")
      await store(names.assets, new Request(url), response, MAX_ASSET_ENTRIES);
  }

  /**
   * Stores the visitor's copy of a public page and the build files it needs, so a page opened before the worker
   * took control is still there offline. Fetched without credentials: a member's own rendering is never stored.
   */
  async function warm(url: string): Promise<void> {
    const parsed = new URL(url);
    if (parsed.origin !== origin || isPrivatePath(parsed.pathname)) return;
    parsed.hash = "";
    const request = new Request(parsed.href, { credentials: "omit" });
    const response = await scope.fetch(request);
    if (!isCacheable({ method: "GET", url: parsed.href, mode: "navigate", headers: request.headers }, response)) return;
    const html = await response.clone().text();
    await store(names.pages, new Request(parsed.href), response, MAX_PAGE_ENTRIES);
    await Promise.all(assetUrlsInHtml(html, origin).map((asset) => cacheAsset(asset).catch(() => undefined)));
  }

  async function assetFirst(request: Request): Promise<Response> {
    const cache = await scope.caches.open(names.assets);
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await scope.fetch(request);
    if (response.ok && response.type === "basic") {
      await store(names.assets, request, response.clone(), MAX_ASSET_ENTRIES).catch(() => undefined);
    }
    return response;
  }

  async function savedPages(): Promise<SavedPage[]> {
    const cache = await scope.caches.open(names.pages);
    const saved: SavedPage[] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response) saved.push({ url: request.url, title: pageTitle(await response.text(), request.url) });
    }
    return saved.reverse();
  }

  async function rememberLanguage(response: Response): Promise<void> {
    const language = response.headers.get("Content-Language");
    if (!language || language === answeredLanguage) return;
    answeredLanguage = language;
    const cache = await scope.caches.open(names.offline);
    await cache.put(LANGUAGE_MEMO_PATH, new Response(language));
  }

  async function offlinePage(): Promise<Response> {
    const cache = await scope.caches.open(names.offline);
    answeredLanguage ??= (await (await cache.match(LANGUAGE_MEMO_PATH))?.text()) ?? null;
    const language = offlineLanguage(answeredLanguage, scope.navigator.languages);
    const page = (await cache.match(offlinePath(language))) ?? (await cache.match(offlinePath("en")));
    if (!page) {
      // Only when the offline pages were removed by hand: installing stored them all or failed.
      return new Response("You are offline, and this page has not been saved for offline reading.", {
        status: 503,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    const html = offlinePageWithSavedPages(await page.text(), await savedPages().catch(() => []), origin);
    // 503: the page asked for is not here; the body says why and what still is.
    return new Response(html, {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": language },
    });
  }

  async function networkFirst(request: Request): Promise<Response> {
    try {
      const response = await scope.fetch(request);
      if (isCacheable(request, response)) {
        await store(names.pages, new Request(request.url), response.clone(), MAX_PAGE_ENTRIES).catch(() => undefined);
      }
      await rememberLanguage(response).catch(() => undefined);
      return response;
    } catch {
      if (!isPrivatePath(new URL(request.url).pathname)) {
        const cache = await scope.caches.open(names.pages);
        const cached = await cache.match(request.url, { ignoreVary: true });
        if (cached) return cached;
      }
      return offlinePage();
    }
  }

  function payload(request: Request): Promise<Response> {
    if (!token || request.headers.has("authorization")) return scope.fetch(request);
    // The worker's own authenticated fetch: a payload file asked for without credentials gets the member's token.
    const headers = new Headers(request.headers);
    headers.set("Authorization", `Bearer ${token}`);
    return scope.fetch(new Request(request, { headers, cache: "no-store" }));
  }

  async function removePrivateEntries(): Promise<void> {
    // Nothing private is ever stored; this is the second fence for signing out on a shared computer.
    for (const name of [names.pages, names.assets]) {
      const cache = await scope.caches.open(name);
      for (const request of await cache.keys()) {
        if (isPrivatePath(new URL(request.url).pathname)) await cache.delete(request);
      }
    }
  }

  scope.addEventListener("install", (event) => {
    replacedWorker = scope.registration.active !== null;
    // No skipWaiting here: the page sends SKIP_WAITING when it is ready to be taken over (SPEC §7.4).
    event.waitUntil(
      scope.caches.open(names.offline).then(async (cache) => {
        // All or none: a worker with some languages' offline pages missing does not install.
        const responses = await Promise.all(
          OFFLINE_PATHS.map((path) => scope.fetch(path, { credentials: "omit", cache: "no-cache" })),
        );
        responses.forEach((response, i) => {
          if (!response.ok) throw new Error(`offline page ${OFFLINE_PATHS[i]} answered ${response.status}`);
        });
        await Promise.all(responses.map((response, i) => cache.put(OFFLINE_PATHS[i]!, response)));
      }),
    );
  });

  scope.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        const stale = staleCacheNames(await scope.caches.keys(), names);
        await Promise.all(stale.map((name) => scope.caches.delete(name)));
        await scope.clients.claim();
        const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
        await Promise.all(windows.map((client) => warm(client.url).catch(() => undefined)));
      })(),
    );
  });

  scope.addEventListener("fetch", (event) => {
    const kind = classifyRequest(event.request, origin);
    if (kind === "asset") event.respondWith(assetFirst(event.request));
    else if (kind === "page") event.respondWith(networkFirst(event.request));
    else if (kind === "payload") event.respondWith(payload(event.request));
  });

  scope.addEventListener("message", (event) => {
    const message = asMessage(event.data);
    if (!message) return;
    if (message.type === "SKIP_WAITING") {
      skippedWaiting = true;
      event.waitUntil(scope.skipWaiting());
    } else if (message.type === "UPDATE_TOKEN" || message.type === "CLEAR_TOKEN") {
      token = message.type === "UPDATE_TOKEN" ? message.token : null;
      if (!token) event.waitUntil(removePrivateEntries());
    } else {
      const reply: VersionReply = {
        type: "VERSION",
        ...identity,
        skippedWaiting,
        replacedWorker,
        hasToken: token !== null,
      };
      event.ports?.[0]?.postMessage(reply);
    }
  });

  return { cacheNames: names, warm };
}
