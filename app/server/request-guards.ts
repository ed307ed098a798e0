import type { RequestHandler, Response } from "express";
import { UPLOAD_PATHS, uploadMaxBytes } from "../config/uploads.js";
import { PAGE_METHODS } from "../routing/form-data.server.js";

/**
 * The first answers of server.ts, before anything reads a request: hostile or
 * malformed requests get a short 4xx here instead of a 500 deeper down
 * (issue #8). Everything the app answers is GET, HEAD or POST.
 */
export interface BodyLimits {
  /** Largest urlencoded or multipart form body, in bytes. */
  formBytes: number;
  /** Largest JSON body (the token API), in bytes. */
  jsonBytes: number;
  /** Paths whose forms carry more (the content pages editor), by path prefix. */
  larger: ReadonlyArray<{ prefix: string; bytes: number }>;
}

export const DEFAULT_FORM_BODY_KB = 100;
export const DEFAULT_JSON_BODY_KB = 16;
/**
 * The content pages editor posts Markdown of up to 200,000 characters (app/admin/forms.ts BODY_MAX); urlencoded, a
 * character takes up to 12 bytes (4 UTF-8 bytes, each %XX), so 200,000 × 12 plus the other fields.
 */
export const CONTENT_PAGE_BODY_BYTES = 2_500_000;
function kilobytes(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return (Number.isInteger(n) && n > 0 ? n : fallback) * 1024;
}

export function bodyLimitsFrom(env: Partial<Record<string, string>>): BodyLimits {
  return {
    formBytes: kilobytes(env.MAX_FORM_BODY_KB, DEFAULT_FORM_BODY_KB),
    jsonBytes: kilobytes(env.MAX_JSON_BODY_KB, DEFAULT_JSON_BODY_KB),
    larger: [
      { prefix: "/members/admin/pages", bytes: CONTENT_PAGE_BODY_BYTES },
      // The file and a few small fields of its form.
      ...UPLOAD_PATHS.map((prefix) => ({ prefix, bytes: uploadMaxBytes(env) + 64 * 1024 })),
    ],
  };
}

// A reg-name (letters, digits, '-', '.', '_') or a bracketed IPv6 literal, then an optional port.
const HOST_PATTERN = /^(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** Whether a Host (or X-Forwarded-Host) value can stand in a URL as written. */
export function isValidHost(value: string): boolean {
  const match = HOST_PATTERN.exec(value);
  if (!match) return false;
  return match[1] === undefined || Number(match[1]) <= 65_535;
}

type HeaderBag = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Remix refuses a form post whose `Origin` is another site than the `Host`
 * (X-Forwarded-Host first) by throwing, which Express answers 500; the same
 * rule here answers 403. `Origin: null` (sandboxed or privacy-stripped posts) is
 * refused as well, as Remix does.
 */
export function isForeignOrigin(headers: HeaderBag): boolean {
  const origin = first(headers.origin);
  if (!origin) return false;
  const forwarded = first(headers["x-forwarded-host"])?.split(",")[0]?.trim();
  const host = forwarded || first(headers.host);
  if (!host) return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res
    .status(status)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers })
    .send(`${message}\n`);
}

export function requestGuards(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host;
    const forwardedHost = first(req.headers["x-forwarded-host"])?.split(",")[0]?.trim();
    if ((host !== undefined && !isValidHost(host)) || (forwardedHost && !isValidHost(forwardedHost))) {
      return refuse(res, 400, "Bad Request: the Host header is not a valid host name.");
    }
    if (req.method === "OPTIONS") {
      res.status(204).set("Allow", PAGE_METHODS).end();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") {
      return refuse(res, 405, `Method Not Allowed: this site answers ${PAGE_METHODS} only.`, { Allow: PAGE_METHODS });
    }
    if (req.method === "GET") return next();
    // HEAD as well: Remix takes any `.data` request that is not a GET for an action, and checks its origin.
    if (isForeignOrigin(req.headers)) {
      return refuse(res, 403, "Forbidden: forms can only be sent from this site's own pages.");
    }
    if (req.method !== "POST") return next();
    const length = req.headers["content-length"];
    if (length === undefined) {
      // Browsers always give a length; a chunked body could be of any size.
      if (req.headers["transfer-encoding"] !== undefined) {
        return refuse(res, 411, "Length Required: send the body with a Content-Length.", { Connection: "close" });
      }
      return next();
    }
    const json = (req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json");
    const larger = limits.larger.find((l) => req.path.startsWith(l.prefix));
    const limit = json ? limits.jsonBytes : Math.max(limits.formBytes, larger?.bytes ?? 0);
    if (Number(length) > limit) {
      return refuse(res, 413, `Content Too Large: at most ${Math.floor(limit / 1024)} KB may be sent here.`, {
        Connection: "close",
      });
    }
    next();
  };
}
