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

/** SPEC §8's message for an unmatched path, or a path whose record does not exist. */
export const notFoundMessage = (pathname: string) => `Page not found: ${pathname}`;

/** SPEC §8: an unmatched path. */
export function pageNotFound(pathname: string): Response {
  return new Response(notFoundMessage(pathname), {
    status: 404,
    statusText: "Page Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** SPEC §8's message for a route whose parameters fail validation or name no record. */
export const routeParamsMessage = (pathname: string) => `Page Not Found: ${pathname}`;

/** SPEC §8: a route whose parameters fail validation. */
export function invalidRouteParams(pathname: string): Response {
  return new Response(routeParamsMessage(pathname), {
    status: 404,
    statusText: "Page Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * For JSON endpoints: a guard's thrown plain-text refusal becomes the same
 * refusal as `{ "error": text }`, status and headers kept, so a script reading
 * the API gets JSON whatever the answer. Anything else is rethrown as it is.
 */
export async function asJsonRefusal(thrown: unknown): Promise<never> {
  if (!(thrown instanceof Response) || thrown.status < 400) throw thrown;
  const headers = new Headers(thrown.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  throw new Response(JSON.stringify({ error: (await thrown.text()).trim() }), {
    status: thrown.status,
    statusText: thrown.statusText,
    headers,
  });
}
