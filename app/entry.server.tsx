import { Writable } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { currentBuildId } from "~/platform/build-info.server";
import {
  applyDocumentCaching,
  documentETag,
  isRevalidatable,
  matchesIfNoneMatch,
} from "~/platform/document-caching.server";
import {
  type KeptAnswer,
  type PageAsk,
  isAnonymousPageAsk,
  isKeepableData,
  keepRenderedPage,
  reuseKeptPage,
} from "~/platform/kept-pages.server";
import { retryAfterFor } from "~/server/availability.server";
import { logger } from "~/config/logger.server";
import { NonceProvider } from "~/ui/nonce";
import { keptDrawing } from "~/maps/drawings.server";
import { MapDrawings } from "~/maps/ui/drawings";

export { healthCheck, startRuntime, stopRuntime } from "~/server/runtime.server";
export { withAvailability } from "~/server/availability.server";
export { withRequestScope } from "~/routing/request-scope.server";
// server.ts answers `…/_payload.json` through this, so the loaders run in the app's one runtime.
export { answerPayload } from "~/platform/payload.server";
// server.ts answers a visitor's page from here when the page and the database are as they were.
export { answerFromKeptPage } from "~/platform/kept-pages.server";

const ABORT_DELAY_MS = 5_000;

export const streamTimeout = ABORT_DELAY_MS;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (responseStatusCode === 503) {
    const errors = Object.values(remixContext.staticHandlerContext.errors ?? {});
    const unavailable = errors.find((e) => isRouteErrorResponse(e) && e.status === 503);
    responseHeaders.set("Retry-After", retryAfterFor(isRouteErrorResponse(unavailable) ? unavailable.data : null));
    responseHeaders.set("Cache-Control", "no-store");
  }
  const userAgent = request.headers.get("user-agent");
  const crawler = isbot(userAgent);
  // SPEC §8: crawlers never get an error page rendered; the status stays.
  if (crawler && responseStatusCode >= 400) {
    logger.warn({ url: request.url, status: responseStatusCode, userAgent }, "error page withheld from crawler");
    responseHeaders.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`${responseStatusCode}\n`, { status: responseStatusCode, headers: responseHeaders });
  }
  applyDocumentCaching(request, responseHeaders);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  let keeping: { ask: PageAsk; etag: string } | undefined;
  // A public page that has not changed since the browser's copy is answered 304 before it is rendered at all.
  if (isRevalidatable(request, responseStatusCode, responseHeaders)) {
    const loaderData = remixContext.staticHandlerContext.loaderData;
    const etag = documentETag(currentBuildId(), loaderData, VOLATILE_DATA);
    responseHeaders.set("ETag", etag);
    if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers: responseHeaders });
    }
    const ask = pageAskOf(request, nonce);
    if (isAnonymousPageAsk(ask) && isKeepableData(loaderData, VOLATILE_DATA)) {
      // The same data as a page kept a moment ago: the same page, but for its nonce (decision 0051).
      const kept = reuseKeptPage(ask, etag, loadContext.pageVersion);
      if (kept) return responseOf(kept);
      keeping = { ask, etag };
    }
  }
  // The whole document is rendered before anything is sent and handed on as one buffer: a stream would be
  // flushed after every React chunk (@remix-run/node flushes per write), and the compressor with it, which cost
  // ten times the CPU of compressing the page once (issue 12). No route streams deferred data.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = Buffer.concat(chunks);
        const kept =
          keeping && responseStatusCode === 200
            ? keepRenderedPage(keeping.ask, html, {
                etag: keeping.etag,
                version: loadContext.pageVersion,
                headers: responseHeaders,
              })
            : undefined;
        resolve(kept ? responseOf(kept) : new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MapDrawings.Provider value={keptDrawing}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
        </MapDrawings.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(timer);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY_MS + 1000);
  });
}

/** Root data left out of a page's etag because it changes on every answer (the honeypot's timestamp). */
const VOLATILE_DATA = ["honeypot"];

function pageAskOf(request: Request, nonce: string): PageAsk {
  const headers = request.headers;
  return {
    url: request.url,
    method: request.method,
    cookie: headers.get("cookie"),
    authorization: headers.get("authorization"),
    ifNoneMatch: headers.get("if-none-match"),
    acceptEncoding: headers.get("accept-encoding"),
    nonce,
  };
}

function responseOf(answer: KeptAnswer): Response {
  return new Response(answer.body ?? null, { status: answer.status, headers: answer.headers });
}

/**
 * The data a browser fetches for a page on navigation (`….data`) is cached like the page itself: `private,
 * no-store` when a session is involved, so no shared cache keeps someone's results.
 */
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  applyDocumentCaching(request, response.headers);
  return response;
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // The router's own refusals (a POST to a page without a form: 405) are the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ status: error.status, url: request.url }, "request refused");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled error");
}
