/**
 * Payload files (SPEC §7.5, issue #4 item 3): `GET {path}/_payload.json`
 * answers the loader data of the page at `{path}` (with the request's query)
 * as plain JSON, under the same guard as the page. See
 * docs/decisions/0008-payload-files.md for the shape and the statuses.
 *
 * server.ts hands every `…/_payload.json` request here (through the server
 * build's entry module, so the loaders share the app's one runtime) together
 * with the server build, whose route table is matched the way Remix matches
 * it. Remix's own `.data` requests answer turbo-stream, not JSON, so this
 * calls the matched routes' loaders itself.
 */
import type { AppLoadContext, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { DATA_SIGN_IN_MESSAGE, requireAdminAuthForData } from "~/auth/guard.server";
import { isMembersPath } from "~/routing/members-area";
import { logger } from "~/config/logger.server";
import { currentBuildId } from "./build-info.server";
import { PATHS } from "~/routing/paths";
import { dataWithInitOf } from "~/routing/remix-build";

export const PAYLOAD_FILE = "_payload.json";

/** Remix answers a single-fetch redirect with 202 and the target in the body; payload files do the same. */
export const PAYLOAD_REDIRECT_STATUS = 202;

/** The part of the server build this needs. */
export type PayloadBuild = Pick<ServerBuild, "routes"> & { basename?: string };
type BuildRoute = NonNullable<PayloadBuild["routes"][string]>;

export interface PayloadSuccess {
  path: string;
  search: string;
  status: number;
  buildId: string | null;
  /** The leaf route's URL parameters. */
  params: Record<string, string>;
  /** Loader data by route id, root first, in match order; null for a route without a loader. */
  routes: Record<string, unknown>;
}

export interface PayloadRedirect {
  path: string;
  search: string;
  status: typeof PAYLOAD_REDIRECT_STATUS;
  redirect: {
    /** The Location the page would have been answered with. */
    location: string;
    /** The page's redirect status (301, 302, …). */
    status: number;
    /** The payload file of the target, when the target is a path on this site. */
    payload: string | null;
  };
}

export interface PayloadError {
  path: string;
  search: string;
  status: number;
  message: string;
}

export type PayloadBody = PayloadSuccess | PayloadRedirect | PayloadError;

/** `/x/_payload.json` → `/x`, `/_payload.json` → `/`; undefined for any other path. */
export function pagePathOf(payloadPath: string): string | undefined {
  const suffix = `/${PAYLOAD_FILE}`;
  if (!payloadPath.endsWith(suffix)) return undefined;
  return payloadPath.slice(0, -suffix.length) || "/";
}

/** The payload file of a page path with its query: `/x?a=1` → `/x/_payload.json?a=1`. */
export function payloadPathOf(pageLocation: string): string | undefined {
  if (!pageLocation.startsWith("/") || pageLocation.startsWith("//")) return undefined;
  const url = new URL(pageLocation, "http://metryka.invalid");
  const base = url.pathname.replace(/\/+$/, "");
  return `${base}/${PAYLOAD_FILE}${url.search}`;
}

/** react-router's route objects, as matchRoutes takes them. */
type MatchableRoute = Parameters<typeof matchRoutes>[0][number];

/** The build's flat route table as the nested tree react-router matches (as Remix's createRoutes does). */
export function routeTree(routes: PayloadBuild["routes"]): MatchableRoute[] {
  const byParent = new Map<string, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const build = (parentId: string): MatchableRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = build(route.id);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        ...(children.length ? { children } : {}),
      } as MatchableRoute;
    });
  return build("");
}

// ---------------------------------------------------------------- loader outcomes

const isRedirect = (status: number) => status >= 300 && status < 400;

type Settled =
  | { kind: "data"; data: unknown; status?: number; headers?: Headers }
  | { kind: "redirect"; location: string; status: number; headers: Headers }
  | { kind: "error"; status: number; message: string; headers: Headers }
  | { kind: "crash"; error: unknown };

const DEFAULT_MESSAGES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Page Not Found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
};
const defaultMessage = (status: number) =>
  DEFAULT_MESSAGES[status] ?? (status >= 500 ? "Internal Server Error" : "Error");

/** The longest message a payload error repeats from a loader's Response. */
const MAX_MESSAGE_LENGTH = 1000;

/** What a thrown or returned error Response says, as one line of text (never an HTML page). */
async function messageOf(response: Response): Promise<string> {
  const type = response.headers.get("Content-Type") ?? "";
  let text = "";
  try {
    text = await response.text();
  } catch {
    // A body that cannot be read says nothing more than its status.
  }
  if (/json/i.test(type)) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
      const said = typeof parsed?.message === "string" ? parsed.message : parsed?.error;
      text = typeof said === "string" ? said : "";
    } catch {
      text = "";
    }
  } else if (/html/i.test(type)) {
    text = "";
  }
  text = text.trim().slice(0, MAX_MESSAGE_LENGTH);
  return text || response.statusText || defaultMessage(response.status);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if (/json/i.test(response.headers.get("Content-Type") ?? "")) return JSON.parse(text) as unknown;
  return text;
}

/**
 * A Response a loader threw or returned. A redirect is a redirect either way;
 * a thrown one is an error (its status and message); a returned one is data,
 * whatever its status, as a page would render it.
 */
async function fromResponse(response: Response, thrown: boolean): Promise<Settled> {
  const location = response.headers.get("Location");
  if (isRedirect(response.status) && location) {
    return { kind: "redirect", location, status: response.status, headers: response.headers };
  }
  if (thrown) {
    return { kind: "error", status: response.status, message: await messageOf(response), headers: response.headers };
  }
  return { kind: "data", data: await readBody(response), status: response.status, headers: response.headers };
}

async function settle(run: () => Promise<unknown>): Promise<Settled> {
  try {
    const value = await run();
    if (value instanceof Response) return await fromResponse(value, false);
    // `data(value, init)`: the page renders the value with the init's status (e.g. 400 beside a form's errors).
    const withInit = dataWithInitOf(value);
    if (withInit) {
      return {
        kind: "data",
        data: withInit.data ?? null,
        status: withInit.init?.status,
        headers: new Headers(withInit.init?.headers),
      };
    }
    return { kind: "data", data: value ?? null };
  } catch (thrown) {
    try {
      if (thrown instanceof Response) return await fromResponse(thrown, true);
      const withInit = dataWithInitOf(thrown);
      if (withInit) {
        const status = withInit.init?.status ?? 500;
        const message =
          typeof withInit.data === "string" && withInit.data
            ? withInit.data.trim().slice(0, MAX_MESSAGE_LENGTH)
            : defaultMessage(status);
        return {
          kind: "error",
          status: status >= 400 ? status : 500,
          message,
          headers: new Headers(withInit.init?.headers),
        };
      }
    } catch (error) {
      return { kind: "crash", error };
    }
    return { kind: "crash", error: thrown };
  }
}

// ---------------------------------------------------------------- the answer

/** JSON.stringify, also for what loaders may hand Remix's own serializer: bigint, Map, Set. */
function toJson(body: PayloadBody): string {
  return JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    if (value instanceof Map) return Object.fromEntries(value);
    if (value instanceof Set) return [...value];
    if (value === undefined) return null;
    return value;
  });
}

interface AnswerOptions {
  status: number;
  body: PayloadBody;
  members: boolean;
  cookies?: string[];
  extra?: Record<string, string>;
}

/**
 * Members' data is never stored by anyone (`private, no-store`); any other
 * payload still carries the visitor's own root data (who is signed in, a CSRF
 * token), so only the browser may keep it and must ask again (`private,
 * no-cache`). Either way the answer depends on the credentials.
 */
function answer({ status, body, members, cookies = [], extra = {} }: AnswerOptions): Response {
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": members ? "private, no-store" : "private, no-cache",
    Vary: "Cookie, Authorization",
    "X-Robots-Tag": "noindex",
    ...extra,
  });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(toJson(body), { status, headers });
}

function setCookiesOf(settled: Settled[]): string[] {
  return settled.flatMap((s) => ("headers" in s && s.headers ? s.headers.getSetCookie() : []));
}

/** The sign-in redirect of the page guard: on a payload request it means 401, whatever the path. */
function isSignInRedirect(location: string): boolean {
  try {
    return new URL(location, "http://metryka.invalid").pathname === PATHS.login;
  } catch {
    return false;
  }
}

/**
 * The payload of the page a `…/_payload.json` request names. Never throws:
 * every outcome is a JSON answer (200 data, 202 redirect, 4xx/5xx error).
 */
export async function answerPayload(build: PayloadBuild, request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const path = pagePathOf(url.pathname) ?? url.pathname;
  const search = url.search;
  let members = isMembersPath(path);
  const error = (status: number, message: string, more: Omit<AnswerOptions, "status" | "body"> = { members }) =>
    answer({ status, body: { path, search, status, message }, ...more });

  try {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return error(405, "Payload files are read with GET.", { members, extra: { Allow: "GET, HEAD" } });
    }
    if (pagePathOf(url.pathname) === undefined) return error(404, `Page not found: ${url.pathname}`);

    const matches = matchRoutes(routeTree(build.routes), path, build.basename) ?? [];
    const leaf = matches.at(-1);
    // The decoded path the routes saw counts too: `/%6Dembers/profile` is a members' page.
    members ||= leaf !== undefined && isMembersPath(leaf.pathname);

    // The page's request: its own URL, the payload request's headers (cookie, Bearer token) and signal.
    const pageRequest = new Request(new URL(`${path}${search}`, url.origin), {
      headers: request.headers,
      signal: request.signal,
    });
    if (members) await requireAdminAuthForData(pageRequest);

    const routes = matches.map((m) => (m.route.id === undefined ? undefined : build.routes[m.route.id]));
    const leafRoute = routes.at(-1);
    // A resource route (CSV export, API, sign-out, e-mail link) is not a page and has no payload;
    // running its loader could even act (rotate a session, spend a token).
    if (!leafRoute || leafRoute.module.default === undefined) return error(404, `Page not found: ${path}`);

    const settled = await Promise.all(
      matches.map((match, i) => {
        const loader = routes[i]?.module.loader;
        if (!loader) return Promise.resolve<Settled>({ kind: "data", data: null });
        const args = { request: pageRequest, params: match.params, context } as LoaderFunctionArgs;
        return settle(() => Promise.resolve(loader(args)));
      }),
    );
    const cookies = setCookiesOf(settled);

    // As for the page, the first route (from the root down) that redirects or fails decides the answer.
    for (const outcome of settled) {
      if (outcome.kind === "redirect") {
        if (isSignInRedirect(outcome.location)) {
          // A loader's own guard sent a visitor to sign in: this is a members' page after all.
          return answer({
            status: 401,
            body: { path, search, status: 401, message: DATA_SIGN_IN_MESSAGE },
            members: true,
            cookies,
            extra: { "WWW-Authenticate": 'Bearer realm="Metryka"' },
          });
        }
        const body: PayloadRedirect = {
          path,
          search,
          status: PAYLOAD_REDIRECT_STATUS,
          redirect: {
            location: outcome.location,
            status: outcome.status,
            payload: payloadPathOf(outcome.location) ?? null,
          },
        };
        return answer({ status: PAYLOAD_REDIRECT_STATUS, body, members, cookies });
      }
      if (outcome.kind === "error") return error(outcome.status, outcome.message, { members, cookies });
      if (outcome.kind === "crash") {
        logger.error({ err: outcome.error, url: pageRequest.url }, "payload loader failed");
        return error(500, "Internal Server Error", { members, cookies });
      }
    }

    // The deepest route that chose a status (e.g. 400 for a malformed search) sets it, as for the page.
    let status = 200;
    for (const outcome of settled)
      if (outcome.kind === "data" && outcome.status && outcome.status !== 200) status = outcome.status;
    const body: PayloadSuccess = {
      path,
      search,
      status,
      buildId: currentBuildId() ?? null,
      params: Object.fromEntries(
        Object.entries(leaf?.params ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"),
      ),
      routes: Object.fromEntries(
        matches.map((m, i) => {
          const outcome = settled[i];
          return [m.route.id ?? String(i), outcome?.kind === "data" ? outcome.data : null];
        }),
      ),
    };
    return answer({ status, body, members, cookies });
  } catch (thrown) {
    // The guard's 401/403, or anything unexpected: still JSON, never a page.
    if (thrown instanceof Response) {
      const challenge = thrown.headers.get("WWW-Authenticate");
      return error(thrown.status, await messageOf(thrown), {
        members: true,
        extra: challenge ? { "WWW-Authenticate": challenge } : {},
      });
    }
    logger.error({ err: thrown, url: request.url }, "payload failed");
    return error(500, "Internal Server Error");
  }
}
