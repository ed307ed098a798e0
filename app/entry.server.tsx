import { Writable } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { TranslatorProvider } from "~/i18n/react";
import { chooseLanguage } from "~/i18n/choose.server";
import { pageNamespaces, pageTranslator } from "~/i18n/i18next.server";
import { isLanguage } from "~/i18n/languages";
import { applyDocumentCaching, isRevalidatable } from "~/platform/document-caching.server";
import { answerRenderedPage, isAnonymousPageRequest, isKeepableData } from "~/platform/kept-pages.server";
import { CSP_HEADER, contentSecurityPolicy, inlineScriptHashes } from "~/server/content-security";
import { retryAfterFor } from "~/server/availability.server";
import { logger } from "~/config/logger.server";
import { keptDrawing } from "~/maps/drawings.server";
import { MapDrawings } from "~/maps/ui/drawings";

// server.ts reaches the app's runtime through these exports (app/routing/remix-build.ts says how and checks them).
export { healthCheck, startRuntime, stopRuntime } from "~/server/runtime.server";
export { withAvailability } from "~/server/availability.server";
export { inRequestScope } from "~/routing/request-scope.server";
// server.ts answers `…/_payload.json` through this, so the loaders run in the app's one runtime.
export { answerPayload } from "~/platform/payload.server";
// server.ts answers a visitor's page (or a 304) from here before Remix runs, when the page and the database are as they were.
export { answerBeforeRemix } from "~/platform/kept-pages.server";

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
  // A page any cache may store: a 200 for a visitor, public, setting no cookie, with nothing that changes per answer.
  const shared =
    isRevalidatable(request, responseStatusCode, responseHeaders) &&
    isAnonymousPageRequest(request) &&
    isKeepableData(remixContext.staticHandlerContext.loaderData, VOLATILE_DATA);
  // The root loader chose the language (with the member's profile); without its data the request alone decides.
  const rootData = remixContext.staticHandlerContext.loaderData.root as { locale?: unknown } | undefined;
  const language = isLanguage(rootData?.locale) ? rootData.locale : chooseLanguage(request);
  const translator = pageTranslator(language, pageNamespaces(remixContext));
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
        // Also what the service worker's offline page follows (app/service-worker/policy.ts, offlineLanguage).
        responseHeaders.set("Content-Language", language);
        const html = Buffer.concat(chunks);
        // The hashes of this page's own inline scripts, computed once: the page and its policy are fixed bytes.
        responseHeaders.set(CSP_HEADER, contentSecurityPolicy(inlineScriptHashes(html)));
        const init = { headers: responseHeaders, status: responseStatusCode };
        resolve(
          shared && responseStatusCode === 200
            ? answerRenderedPage(request, html, init, loadContext.pageVersion)
            : new Response(html, init),
        );
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <TranslatorProvider value={translator}>
        <MapDrawings.Provider value={keptDrawing}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
        </MapDrawings.Provider>
      </TranslatorProvider>,
      {
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

/** Root data that changes on every answer (the honeypot's timestamp): a page holding it is not kept. */
const VOLATILE_DATA = ["honeypot"];

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
