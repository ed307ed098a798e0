// Issue 30: a results table links each of its rows twice (the date and "Full record"), fifty links a page. As
// Remix `<Link>`s they were a ninth of a search page's server CPU: each resolves its href against the route tree
// and sets up its click handler and preloading while the page is rendered. The rows' links are plain `<a href>`
// instead, and the table handles them all at once: a click is a client-side navigation as `<Link>`'s would be
// (React Router's rules: the main button, no modifier key, no other target), and the route's code is preloaded on
// hover, focus or touch, or when the table comes into view, as PreloadLink does (decision 0076).
import { useNavigate } from "@remix-run/react";
import { type MouseEvent, type RefObject, type SyntheticEvent, useCallback, useEffect, useRef } from "react";
import { preloadRouteCode, samePathname } from "./preload-link";

/** The anchor an event happened in, when it is a link this page may follow itself. */
function routeLink(event: SyntheticEvent, container: Element): HTMLAnchorElement | null {
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement) || !container.contains(anchor)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  if (samePathname(anchor.href, window.location.origin) === null) return null;
  return anchor;
}

/** A click React Router's `<Link>` would handle itself: the main button, no modifier key. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/**
 * Props for an element whose plain `<a href>` links behave as PreloadLinks: spread them on the element, with its
 * `ref` (or give the element's own ref). Links that leave the site, open elsewhere or download are left to the
 * browser. `preloadWhenVisible: false` preloads on hover, focus and touch only (the menu, decision 0076).
 */
export function useDelegatedLinks<T extends HTMLElement>({
  ref,
  preloadWhenVisible = true,
}: { ref?: RefObject<T>; preloadWhenVisible?: boolean } = {}) {
  const navigate = useNavigate();
  const own = useRef<T>(null);
  const container = ref ?? own;

  useEffect(() => {
    const element = container.current;
    if (!preloadWhenVisible || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const first = element.querySelector<HTMLAnchorElement>("a[href]");
      if (first) preloadRouteCode(first.href);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, preloadWhenVisible]);

  const preload = useCallback(
    (event: SyntheticEvent) => {
      const anchor = container.current && routeLink(event, container.current);
      if (anchor) preloadRouteCode(anchor.href);
    },
    [container],
  );

  const onClick = useCallback(
    (event: MouseEvent) => {
      const anchor = container.current && routeLink(event, container.current);
      if (!anchor || !isPlainClick(event)) return;
      event.preventDefault();
      const url = new URL(anchor.href);
      navigate(`${url.pathname}${url.search}${url.hash}`);
    },
    [container, navigate],
  );

  return { ref: container, onClick, onMouseOver: preload, onFocus: preload, onTouchStart: preload };
}
