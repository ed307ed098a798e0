// Issue 4 item 5: links in the navigation and in results fetch their route's code before the click, on hover,
// focus, touch or (links in a page's content) when scrolled into view, through one queue limited to
// MAX_CONCURRENT_PRELOADS. The menu and the result tables follow plain anchors themselves (./delegated-links.ts).
//
// How this relates to Remix: `<Link prefetch="intent">` renders `<PrefetchPageLinks>`, which matches the href
// against the router's routes and emits `<link rel="modulepreload">` for each matched route's `module` (plus
// its data). Those tags are unthrottled and fetch data too, so instead this component matches the href against
// `window.__remixManifest` itself and imports each matched route's `module` URL (the same URL Remix's
// loadRouteModule imports on navigation, so the browser's module map serves it instantly at click time).
//
// The page has the whole route manifest (lazy route discovery is off, decision 0076). An href that matches
// nothing is skipped. The manifest is never written to here.
import { Link, matchRoutes, useHref, type LinkProps } from "@remix-run/react";
import { forwardRef, useCallback, useEffect, useRef, type ForwardedRef } from "react";
import { createPreloadQueue, type PreloadQueue } from "./preload-queue";

/** The fields of a Remix manifest route this module reads. */
export interface ManifestRouteLike {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
}

export interface ManifestLike {
  routes: Record<string, ManifestRouteLike | undefined>;
}

interface MatchableRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: MatchableRoute[];
}

function buildRouteTree(manifest: ManifestLike): MatchableRoute[] {
  const byParent = new Map<string, ManifestRouteLike[]>();
  for (const route of Object.values(manifest.routes)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const build = (parentId: string): MatchableRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      ...(route.index ? {} : { children: build(route.id) }),
    }));
  return build("");
}

/**
 * The route-module URLs to import so that navigating to `pathname` needs no further code download: every
 * matched route's `module`, minus routes already loaded. Null when the manifest cannot match the path yet.
 */
export function routeModuleUrlsFor(
  pathname: string,
  manifest: ManifestLike,
  loadedRouteIds: ReadonlySet<string> = new Set(),
  basename?: string,
): string[] | null {
  // The cast only narrows react-router's index/non-index union, which buildRouteTree already respects.
  const matches = matchRoutes(buildRouteTree(manifest) as Parameters<typeof matchRoutes>[0], pathname, basename);
  if (!matches) return null;
  const urls: string[] = [];
  for (const match of matches) {
    const id = match.route.id;
    const url = id ? manifest.routes[id]?.module : undefined;
    if (!id || !url || loadedRouteIds.has(id) || urls.includes(url)) continue;
    urls.push(url);
  }
  return urls;
}

/** Same-origin pathname of a link's resolved href, or null for links that leave the site. */
export function samePathname(href: string, origin: string): string | null {
  try {
    const url = new URL(href, origin);
    return url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

interface RemixWindow {
  __remixManifest?: ManifestLike;
  __remixRouteModules?: Record<string, unknown>;
  __remixContext?: { basename?: string };
}

let sharedQueue: PreloadQueue | undefined;

/** The one queue every route preload goes through, created on first use so the server never builds it. */
export function routePreloadQueue(): PreloadQueue {
  sharedQueue ??= createPreloadQueue({
    // The URL comes from the Remix manifest, so Vite must not try to resolve it at build time.
    load: (url) => import(/* @vite-ignore */ url),
    onError: (url, error) => console.warn("Route preload failed", url, error),
  });
  return sharedQueue;
}

/** Queues the code of the routes `href` leads to. Safe to call repeatedly; does nothing on the server. */
export function preloadRouteCode(href: string): void {
  if (typeof window === "undefined") return;
  // Respect the data-saver setting, as Remix's own discovery does.
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const remix = window as Window & RemixWindow;
  const manifest = remix.__remixManifest;
  const pathname = samePathname(href, window.location.origin);
  if (!manifest || !pathname) return;
  const loaded = new Set(Object.keys(remix.__remixRouteModules ?? {}));
  const urls = routeModuleUrlsFor(pathname, manifest, loaded, remix.__remixContext?.basename);
  const queue = routePreloadQueue();
  for (const url of urls ?? []) void queue.enqueue(url);
}

function assignRef<T>(ref: ForwardedRef<T>, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

type Triggers = Pick<LinkProps, "onMouseEnter" | "onFocus" | "onTouchStart">;

function usePreloadTriggers<P extends Triggers & Pick<LinkProps, "to" | "relative">>(
  props: P,
  forwardedRef: ForwardedRef<HTMLAnchorElement>,
) {
  const { onMouseEnter, onFocus, onTouchStart, ...rest } = props;
  const href = useHref(props.to, { relative: props.relative });
  const anchor = useRef<HTMLAnchorElement | null>(null);
  const preload = useCallback(() => preloadRouteCode(href), [href]);

  useEffect(() => {
    const element = anchor.current;
    // Browsers without IntersectionObserver still preload on hover, focus and touch.
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      preload();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [preload]);

  const ref = useCallback(
    (element: HTMLAnchorElement | null) => {
      anchor.current = element;
      assignRef(forwardedRef, element);
    },
    [forwardedRef],
  );

  const handlers: Required<Triggers> = {
    onMouseEnter: (event) => {
      onMouseEnter?.(event);
      preload();
    },
    onFocus: (event) => {
      onFocus?.(event);
      preload();
    },
    // Touch screens have no hover; the touch starts well before the click lands.
    onTouchStart: (event) => {
      onTouchStart?.(event);
      preload();
    },
  };
  return { ref, handlers, rest };
}

/** Remix `<Link>` that preloads its route's code on hover, focus, touch or when visible. */
export const PreloadLink = forwardRef<HTMLAnchorElement, LinkProps>(function PreloadLink(props, forwardedRef) {
  const { ref, handlers, rest } = usePreloadTriggers(props, forwardedRef);
  return <Link {...rest} ref={ref} {...handlers} />;
});
