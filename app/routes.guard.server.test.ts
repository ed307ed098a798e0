import { readFileSync } from "node:fs";
import path from "node:path";
import { matchPath } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG, PAGE_PARAMS, type SourcePage } from "~/catalog";
import routeConfig from "~/routes";
import { testDialects } from "~/db/test-database";
import { MEMBERS_AREA, signInPath } from "~/routing/paths";
import { outcome } from "~/testing/outcome";
import { TEST_BASE_URL, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { serverBuildRoutes } from "~/testing/server-build";

/**
 * Item 5 of issue #9: every route under /members calls the guard in its own loader and action. Walks the route
 * table (app/routes.ts, as the server builds it) and calls each members' loader and action, at every address of
 * the catalog's sources it serves (or at an example address), as a visitor and as accounts that are not active
 * members: a visitor is sent to sign in and come back, the others get 403. A new members' route without the
 * guard fails here. Because the domain modules check again (defence in depth), a route that drops its own call
 * would still refuse; so the first statement of each members' loader and action is also read from its source.
 */
type RouteEntry = NonNullable<ServerBuild["routes"][string]>;
type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

const EXAMPLE_PARAMS: Record<string, string> = { id: "1", code: "PL", "*": "guides/volhynia-parishes" };

/** A concrete address with the page's own id filled in (`…/record/1`, `…/person/1/descendants`). */
function sourceAddress(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/, "1");
}

/** Addresses a route serves: every catalog source page it matches, or the route path with example parameters. */
function addressesOf(route: RouteEntry): string[] {
  const path = route.path!;
  const sources = CATALOG.flatMap((s) =>
    (Object.keys(s.routes) as SourcePage[]).map((page) => sourceAddress(s.routes[page]!)),
  ).filter((address) => matchPath({ path, caseSensitive: true }, address) !== null);
  if (sources.length) return sources;
  return [path.replace(/:([A-Za-z]+)|\*/g, (whole, name: string | undefined) => EXAMPLE_PARAMS[name ?? whole] ?? "x")];
}

const handlerOf = (route: RouteEntry, handler: "loader" | "action") => route.module[handler] as Handler | undefined;

function call(route: RouteEntry, handler: "loader" | "action", address: string, cookie: string | null) {
  const run = handlerOf(route, handler)!;
  const params = matchPath({ path: route.path!, caseSensitive: !!route.caseSensitive }, address)?.params ?? {};
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const request =
    handler === "loader"
      ? new Request(`${TEST_BASE_URL}${address}`, { headers })
      : new Request(`${TEST_BASE_URL}${address}`, {
          method: "POST",
          body: new URLSearchParams({ any: "thing" }),
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        });
  return outcome(() => run({ request, params: params as Record<string, string>, context: { clientIp: "" } }));
}

const GUARD_CALL = /\bawait (requireActiveMember|requireAdmin|requireAdminAuth)\(request\)/;

/** The first statement of an exported handler, as written in the route module's source. */
function firstStatement(source: string, handler: "loader" | "action"): string | undefined {
  const start = new RegExp(`export async function ${handler}\\([^)]*\\)[^{]*\\{`).exec(source);
  if (!start) return undefined;
  const rest = source.slice(start.index + start[0].length);
  return rest.slice(0, rest.indexOf(";") + 1);
}

describe("every members' route module calls the guard first in its own loader and action", () => {
  it("reads the guard call as the first statement of each handler", () => {
    const files = new Set(
      routeConfig
        .filter((r) => r.path === `${MEMBERS_AREA}/*` || r.path?.startsWith(`${MEMBERS_AREA}/`))
        .map((r) => r.file),
    );
    expect(files.size).toBeGreaterThan(15);
    const unguarded: string[] = [];
    for (const file of files) {
      const source = readFileSync(path.join("app", file), "utf8");
      for (const handler of ["loader", "action"] as const) {
        const first = firstStatement(source, handler);
        if (first !== undefined && !GUARD_CALL.test(first)) unguarded.push(`${file} ${handler}: ${first.trim()}`);
      }
    }
    expect(unguarded).toEqual([]);
  });
});

for (const dialect of testDialects()) {
  describe(`every members' route refuses visitors and inactive accounts in its own loader and action, on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "route-guard" });
    let members: RouteEntry[] = [];
    const inactive = new Map<string, string>();

    beforeAll(async () => {
      const routes = Object.values(await serverBuildRoutes()).filter((r): r is RouteEntry => r !== undefined);
      members = routes.filter((r) => r.path === `${MEMBERS_AREA}/*` || r.path?.startsWith(`${MEMBERS_AREA}/`));
      for (const status of ["pending", "suspended"] as const) {
        const { cookie } = await signedInAccount(runtime.database, `guard-${status}`, {
          password: "x".repeat(12),
          status,
        });
        inactive.set(status, cookie);
      }
    }, 120_000);

    it("finds the members' routes: the fixed pages, the sources' pages and the content pages", () => {
      const paths = members.map((r) => r.path);
      expect(paths).toEqual(
        expect.arrayContaining(["/members/profile", "/members/admin", "/members/membership/search", "/members/*"]),
      );
      // Every members' source page is served by one of them.
      for (const s of CATALOG.filter((c) => c.access === "members")) {
        for (const pattern of Object.values(s.routes)) {
          const address = sourceAddress(pattern);
          expect(
            members.some((r) => addressesOf(r).includes(address)),
            address,
          ).toBe(true);
        }
      }
      expect(Object.values(PAGE_PARAMS)).toContain("recordId");
    });

    it("sends a visitor to sign in and come back, from every loader and action", async () => {
      const seen: string[] = [];
      const want: string[] = [];
      for (const route of members) {
        for (const handler of ["loader", "action"] as const) {
          if (!handlerOf(route, handler)) continue;
          for (const address of addressesOf(route)) {
            const answer = await call(route, handler, address, null);
            seen.push(`${route.id} ${handler} ${address} → ${answer.status} ${answer.location ?? ""}`);
            want.push(`${route.id} ${handler} ${address} → 302 ${signInPath(address)}`);
          }
        }
      }
      expect(seen).toEqual(want);
      expect(seen.length).toBeGreaterThan(20);
    });

    it("answers 403 to pending and suspended accounts, from every loader and action", async () => {
      const seen: string[] = [];
      const want: string[] = [];
      for (const [status, cookie] of inactive) {
        for (const route of members) {
          for (const handler of ["loader", "action"] as const) {
            if (!handlerOf(route, handler)) continue;
            for (const address of addressesOf(route)) {
              const answer = await call(route, handler, address, cookie);
              seen.push(`${status} ${route.id} ${handler} ${address} → ${answer.status}`);
              want.push(`${status} ${route.id} ${handler} ${address} → 403`);
            }
          }
        }
      }
      expect(seen).toEqual(want);
    });
  });
}
