/**
 * Thrown responses for guards and loaders. A loader that finds its
 * parameters malformed or its record missing throws; the shared error
 * boundary renders the page for the status.
 */
export function invariantResponse(
  condition: unknown,
  message: string | (() => string),
  init: ResponseInit = { status: 404, statusText: "Page Not Found" },
): asserts condition {
  if (!condition) {
    throw new Response(typeof message === "function" ? message() : message, {
      ...init,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...init.headers },
    });
  }
}

/** SPEC §8: an unmatched path. */
export function pageNotFound(pathname: string): Response {
  return new Response(`Page not found: ${pathname}`, {
    status: 404,
    statusText: "Page Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** SPEC §8: a route whose parameters fail validation. */
export function invalidRouteParams(pathname: string): Response {
  return new Response(`Page Not Found: ${pathname}`, {
    status: 404,
    statusText: "Page Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
