import { describe, expect, it } from "vitest";
import { REFRESH_COOKIE_NAME } from "~/auth/sessions.server";
import { applyDocumentCaching, isRevalidatable } from "./document-caching.server";

const ORIGIN = "https://metryka.test";

function cachingFor(
  path: string,
  opts: { requestHeaders?: Record<string, string>; responseHeaders?: [string, string][] } = {},
): Headers {
  const request = new Request(ORIGIN + path, { headers: opts.requestHeaders });
  const headers = new Headers(opts.responseHeaders);
  applyDocumentCaching(request, headers);
  return headers;
}

const PRIVATE = "private, no-store";

describe("applyDocumentCaching", () => {
  it("uses the real sign-in cookie name", () => {
    expect(REFRESH_COOKIE_NAME).toBe("metryka_refresh");
  });

  it("marks a public page for a signed-out visitor no-cache: storable, but revalidated", () => {
    expect(cachingFor("/Search?surname=Nowak").get("cache-control")).toBe("no-cache");
    expect(cachingFor("/").get("cache-control")).toBe("no-cache");
    expect(cachingFor("/membership").get("cache-control")).toBe("no-cache");
  });

  it.each(["/members", "/members/profile", "/members/admin/pages/guides/volhynia"])(
    "marks %s private, no-store even without a session",
    (path) => {
      expect(cachingFor(path).get("cache-control")).toBe(PRIVATE);
    },
  );

  it("marks any page rendered for a browser carrying the sign-in cookie private", () => {
    const cookie = `theme=dark; ${REFRESH_COOKIE_NAME}=abc.def; metryka_csrf=x`;
    expect(cachingFor("/Search", { requestHeaders: { Cookie: cookie } }).get("cache-control")).toBe(PRIVATE);
    expect(cachingFor("/", { requestHeaders: { Cookie: `${REFRESH_COOKIE_NAME}=abc` } }).get("cache-control")).toBe(
      PRIVATE,
    );
  });

  it("does not mistake a cookie whose name only contains the sign-in cookie's name", () => {
    const cookie = `x${REFRESH_COOKIE_NAME}=1; ${REFRESH_COOKIE_NAME}_hint=1; metryka_csrf=t`;
    expect(cachingFor("/Search", { requestHeaders: { Cookie: cookie } }).get("cache-control")).toBe("no-cache");
  });

  it("marks any page asked for with an Authorization header private", () => {
    expect(cachingFor("/Search", { requestHeaders: { Authorization: "Bearer t" } }).get("cache-control")).toBe(PRIVATE);
  });

  it("marks a response that sets (or clears) the sign-in cookie private, e.g. signing in or out", () => {
    const signIn = cachingFor("/Login", {
      responseHeaders: [
        ["Set-Cookie", "metryka_csrf=t; Path=/; SameSite=Lax"],
        ["Set-Cookie", `${REFRESH_COOKIE_NAME}=new; Path=/; HttpOnly; Secure`],
      ],
    });
    expect(signIn.get("cache-control")).toBe(PRIVATE);
    const signOut = cachingFor("/logout", {
      responseHeaders: [["Set-Cookie", `${REFRESH_COOKIE_NAME}=; Max-Age=0; Path=/`]],
    });
    expect(signOut.get("cache-control")).toBe(PRIVATE);
  });

  it("marks a page that sets any cookie, even only the CSRF cookie, private: a shared cache would hand it on", () => {
    const headers = cachingFor("/Signup", {
      responseHeaders: [["Set-Cookie", "metryka_csrf=t; Path=/; HttpOnly; SameSite=Lax"]],
    });
    expect(headers.get("cache-control")).toBe(PRIVATE);
  });

  it("keeps a stricter Cache-Control a public route already set", () => {
    for (const value of ["no-store", "private, max-age=0", "no-cache, no-store, must-revalidate"]) {
      expect(cachingFor("/Search", { responseHeaders: [["Cache-Control", value]] }).get("cache-control")).toBe(value);
    }
  });

  it("overrides whatever a route set on a personal page", () => {
    const headers = cachingFor("/members/profile", { responseHeaders: [["Cache-Control", "public, max-age=600"]] });
    expect(headers.get("cache-control")).toBe(PRIVATE);
    const signedIn = cachingFor("/Search", {
      requestHeaders: { Cookie: `${REFRESH_COOKIE_NAME}=abc` },
      responseHeaders: [["Cache-Control", "public, max-age=600"]],
    });
    expect(signedIn.get("cache-control")).toBe(PRIVATE);
  });

  it("adds Cookie and Accept-Language (the language's sources) to Vary, keeping what the route set", () => {
    expect(cachingFor("/Search").get("vary")).toMatch(/\bCookie\b/);
    expect(cachingFor("/members/profile").get("vary")).toMatch(/\bCookie\b/);
    const vary = cachingFor("/Search", { responseHeaders: [["Vary", "Accept-Encoding"]] }).get("vary") ?? "";
    expect(vary.split(",").map((v) => v.trim())).toEqual(["Accept-Encoding", "Cookie", "Accept-Language"]);
  });
});

describe("isRevalidatable", () => {
  const get = new Request(ORIGIN);

  it("holds for a public 200 answer to GET or HEAD only", () => {
    expect(isRevalidatable(get, 200, new Headers({ "Cache-Control": "no-cache" }))).toBe(true);
    expect(isRevalidatable(new Request(ORIGIN, { method: "HEAD" }), 200, new Headers())).toBe(true);
    expect(isRevalidatable(new Request(ORIGIN, { method: "POST" }), 200, new Headers())).toBe(false);
    expect(isRevalidatable(get, 404, new Headers())).toBe(false);
    expect(isRevalidatable(get, 200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isRevalidatable(get, 200, new Headers([["Set-Cookie", "a=b"]]))).toBe(false);
  });
});
