/**
 * The Express entry (DESIGN §3): security headers (each page's CSP carries
 * the hashes of its own inline scripts), compression, static files, request
 * logs, /healthz and graceful shutdown, in front of the Remix request handler.
 *
 * Production: `npm start` (built by `npm run build` into build/).
 * Development: `npm run dev` (Vite middleware, hot reload).
 */
import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import {
  type AppLoadContext,
  type ServerBuild,
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { BUILD_ID_ENV, buildInfoFrom } from "./app/platform/build-info.server.js";
import { bodyLimitsFrom, requestGuards } from "./app/server/request-guards.js";
import { precompressedAssets } from "./app/server/precompressed-assets.server.js";
import { SLOW_REQUEST_LOG_MS } from "./app/config/timing.js";
import { BROTLI_QUALITY, BROTLI_WINDOW_BITS } from "./app/server/compression-settings.js";
import { applyHeapSettings } from "./app/server/heap-settings.js";
import { CSP_HEADER, contentSecurityPolicy } from "./app/server/content-security.js";
import { appRuntimeOf } from "./app/routing/remix-build.js";
import {
  fillServiceWorker,
  loadServiceWorkerSource,
  serviceWorkerHeaders,
} from "./app/platform/service-worker-script.server.js";

const isProduction = process.env.NODE_ENV === "production";
const port = Number.parseInt(process.env.PORT ?? "3000", 10) || 3000;
const host = process.env.HOST ?? "0.0.0.0";
const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: undefined });

/** How long shutdown waits for in-flight requests before it gives up. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Hashed build assets never change under their name. */
const IMMUTABLE_MAX_AGE = "1y";

async function main() {
  // Before the app allocates anything of its own: the heap then stays near what it holds (decision 0052).
  const heapFlag = applyHeapSettings();
  if (heapFlag) logger.info({ flag: heapFlag }, "heap settings");
  const vite = isProduction
    ? undefined
    : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }));

  const loadRawBuild = async (): Promise<ServerBuild> =>
    vite
      ? ((await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
      : ((await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild);
  const loadBuild = async (): Promise<ServerBuild> => {
    const build = await loadRawBuild();
    return appRuntimeOf(build).withAvailability(build);
  };

  // The entry module of the server build carries the app runtime (database, migrations, seed, kept pages).
  const runtime = appRuntimeOf(await loadBuild());
  const started = Date.now();
  await runtime.startRuntime();
  logger.info({ ms: Date.now() - started }, "database ready");

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);
  // Malformed hosts, other methods, cross-site posts and oversized bodies are answered before anything reads them.
  app.use(requestGuards(bodyLimitsFrom(process.env)));

  app.get("/healthz", async (_req, res) => {
    const health = await runtime
      .healthCheck()
      .catch(() => ({ ok: false, database: "error", reachable: false, storage: "ok" }));
    res
      .status(health.ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({
        status: health.ok ? "ok" : "unavailable",
        database: health.database,
        reachable: health.reachable,
        storage: health.storage,
      });
  });

  // The policy of every answer that is not a rendered page; a page brings its own, with its scripts' hashes.
  const defaultPolicy = contentSecurityPolicy();
  app.use((_req, res, next) => {
    res.setHeader(CSP_HEADER, defaultPolicy);
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // The old browsers that ignore frame-ancestors read this instead.
      frameguard: { action: "deny" },
      // helmet's default, no-referrer, makes Chromium send "Origin: null" with form posts,
      // which Remix rightly refuses as a possible cross-site request.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      hsts: isProduction && process.env.HSTS !== "0",
    }),
  );
  // A lower quality and a smaller window than brotli's defaults: app/server/compression-settings.ts says why.
  app.use(
    compression({
      brotli: {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
        },
      },
      // A compressor holds an event stream's small messages back until it has enough to compress: the import's
      // progress bar would stand still.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );

  // A request is logged at info only when it failed or was slow; the rest are debug lines (issue 12: one JSON line
  // per page at info cost CPU on every request and buried the lines that matter).
  app.use((_req, res, next) => {
    res.locals.startedAt = Date.now();
    next();
  });
  const quietLevel = () => (logger.isLevelEnabled("debug") ? "debug" : "silent");
  app.use(
    pinoHttp({
      logger,
      customLogLevel: (_req, res, err) => {
        // A 503 is the app's own answer to a database outage or a full disk, which it reports once per interval.
        if (!err && res.statusCode === 503) return "warn";
        if (err || res.statusCode >= 500) return "error";
        if (res.statusCode >= 400) return "warn";
        const started = (res as express.Response).locals?.startedAt as number | undefined;
        return started !== undefined && Date.now() - started >= SLOW_REQUEST_LOG_MS ? "info" : quietLevel();
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url ?? "").startsWith("/assets/") },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const assetOptions = { immutable: true, maxAge: IMMUTABLE_MAX_AGE };
    app.use("/assets", precompressedAssets("build/client/assets", assetOptions));
    app.use("/assets", express.static("build/client/assets", assetOptions));
    // Only the build's own top-level names reach express.static: asked for every page, it stat()ed the disk to learn
    // that /stpete/birth/search is no file (3 % of the server's CPU under load, issue 12).
    const clientFiles = new Set(readdirSync("build/client"));
    const clientStatic = express.static("build/client", { maxAge: "1h", index: false });
    app.use((req, res, next) =>
      clientFiles.has(req.path.split("/")[1] ?? "") ? clientStatic(req, res, next) : next(),
    );
  }

  // --- Build detection (issue #4, SPEC §7.5): the page polls these to notice a new deploy. ---
  // Vite's dev manifest gets a fresh random version on every request; pinning the first keeps
  // an open dev page from reloading every hour. A production build's version never changes.
  const bootVersion = (await loadBuild()).assets.version;
  process.env[BUILD_ID_ENV] = bootVersion;
  const currentBuildInfo = async () => {
    const build = await loadBuild();
    return buildInfoFrom(vite ? { assets: { ...build.assets, version: bootVersion } } : build, started);
  };
  // Express matches on the path alone, so the client's cache-busting `?<timestamp>` is ignored.
  app.get("/builds/latest.json", async (_req, res, next) => {
    try {
      const { id, timestamp } = await currentBuildInfo();
      res.set("Cache-Control", "no-store").json({ id, timestamp });
    } catch (err) {
      next(err);
    }
  });
  app.get(/^\/builds\/meta\/([^/]+)\.json$/, async (req, res, next) => {
    try {
      const info = await currentBuildInfo();
      res.set("Cache-Control", "no-store");
      if (req.params[0] !== info.id) res.status(404).json({ error: "Unknown build" });
      else res.json(info);
    } catch (err) {
      next(err);
    }
  });
  // --- end of build detection ---

  // --- Service worker (issue #4 item 1, SPEC §7.4): one script per build, so a deploy updates open pages. ---
  const workerSource = await loadServiceWorkerSource(path.resolve("build/sw/sw.js"));
  app.get("/sw.js", async (_req, res, next) => {
    try {
      if (workerSource === undefined) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("No service worker in this build\n");
        return;
      }
      const { id } = await currentBuildInfo();
      res.set(serviceWorkerHeaders()).send(fillServiceWorker(workerSource, id));
    } catch (err) {
      next(err);
    }
  });
  // --- end of service worker ---

  // The load context of every loader, for Remix's handler and for payload files alike.
  const getLoadContext = (req: express.Request, pageVersion?: string): AppLoadContext => ({
    clientIp: req.ip ?? "",
    pageVersion,
  });

  // --- Payload files (issue #4 item 3, SPEC §7.5): `{path}/_payload.json` is the page's loader data as JSON. ---
  // The app answers them (docs/decisions/0008-payload-files.md); this only carries the request there and back.
  app.all(/\/_payload\.json$/, async (req, res, next) => {
    try {
      const build = await loadBuild();
      const request = remixRequestFrom(req, res);
      const { answerPayload, inRequestScope } = appRuntimeOf(build);
      await send(res, await inRequestScope(() => answerPayload(build, request, getLoadContext(req))));
    } catch (err) {
      next(err);
    }
  });
  // --- end of payload files ---

  // --- Pages: a kept page or a 304 before Remix runs (decisions 0051, 0066), else Remix with the data version read
  // before its loaders, which vouches for the page they make.
  const remix = createRequestHandler(vite ? loadBuild : await loadBuild(), isProduction ? "production" : "development");
  app.all("*", async (req, res, next) => {
    try {
      const url = remixUrlOf(req);
      // A kept page goes out as the bytes it is, without a Fetch Request or Response made for it.
      const kept = vite
        ? {}
        : await runtime.answerBeforeRemix({
            url: url.href,
            method: req.method,
            headers: { get: (name) => req.get(name) ?? null, has: (name) => req.get(name) !== undefined },
          });
      if (kept.answer) {
        res.status(kept.answer.status);
        for (const [name, value] of kept.answer.headers) res.setHeader(name, value);
        if (kept.answer.status === 304) res.removeHeader(CSP_HEADER);
        res.end(kept.answer.body);
        return;
      }
      const request = remixRequestFrom(req, res, url);
      await send(res, await runtime.inRequestScope(() => remix(request, getLoadContext(req, kept.version))));
    } catch (err) {
      next(err);
    }
  });

  // The last resort: a short plain answer, never Express's HTML page; statuses that middleware chose (a static
  // file's 400 for a malformed path) are kept.
  app.use((err: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    const status =
      (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
    const clientError = typeof status === "number" && status >= 400 && status < 500;
    if (clientError) logger.warn({ err, url: req.originalUrl }, "request refused");
    else logger.error({ err, url: req.originalUrl }, "request failed");
    res
      .status(clientError ? status : 500)
      .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
      .send(clientError ? "Bad Request\n" : "Internal Server Error\n");
  });

  const server: Server = app.listen(port, host, () => {
    logger.info(`Metryka is ready at http://localhost:${port}`);
    // Plain line as well, for people reading a terminal rather than JSON logs.
    process.stdout.write(`\n  Metryka: http://localhost:${port}\n\n`);
  });
  server.keepAliveTimeout = 65_000;
  // A port taken or forbidden is the operator's to change: say which and how, without a stack trace.
  server.on("error", (err: NodeJS.ErrnoException) => {
    const why =
      err.code === "EADDRINUSE"
        ? `port ${port} is already in use on ${host} (another Metryka, or another program, listens there)`
        : err.code === "EACCES"
          ? `port ${port} on ${host} needs privileges this user does not have`
          : err.code === "EADDRNOTAVAIL"
            ? `${host} is not an address of this machine (HOST)`
            : undefined;
    if (!why) {
      logger.fatal({ err }, "could not listen");
      process.exit(1);
    }
    logger.fatal({ port, host, code: err.code }, `could not listen: ${why}`);
    process.stderr.write(
      `\n  Metryka cannot start: ${why}.\n  Stop that program, or choose another port, e.g. PORT=${port === 3000 ? 3001 : port + 1} npm start\n\n`,
    );
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in time; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await runtime.stopRuntime().catch((err: unknown) => logger.error({ err }, "closing the database failed"));
      await vite?.close();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The Fetch API Request Remix is given for an Express request: the URL as `remixUrlOf` reads it, the headers, the
 * body of anything but GET and HEAD as a stream, and a signal that aborts when the client goes away before the
 * answer is sent.
 */
function remixRequestFrom(req: express.Request, res: express.Response, url = remixUrlOf(req)): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * Sends a Fetch API Response. Its headers replace those set before (a page's own CSP replaces the default policy:
 * two policies would both be enforced); an event stream's headers go out at once. A 304 carries no CSP: the browser
 * would put it on the page it kept, and the default policy has none of that page's script hashes.
 */
async function send(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  if (response.status === 304) res.removeHeader(CSP_HEADER);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * The URL of a request as @remix-run/express would give it to Remix: the host as Express reads it (which honours
 * TRUST_PROXY) with the port of X-Forwarded-Host or Host, and the original path and query. Kept pages are found by
 * it, so it must be the very URL their render saw.
 */
function remixUrlOf(req: express.Request): URL {
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const forwardedPort = portOf(req.get("X-Forwarded-Host"));
  const hostPort = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  try {
    return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    return new URL(`${req.protocol}://localhost${req.originalUrl}`);
  }
}

main().catch((err: unknown) => {
  logger.fatal({ err }, "could not start");
  process.exit(1);
});
