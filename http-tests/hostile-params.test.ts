import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG, type SourcePage } from "~/catalog";
import type { Database } from "~/db/connection.server";
import { openForm } from "./forms";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  makeAccount,
  postgresAdminUrl,
  rawRequest,
  startServer,
  builtRoutes,
} from "./server";

/**
 * Issue 13 point 2: every loader of the build's route table, asked with random query strings (any Unicode, huge
 * values, repeated parameters, invalid UTF-8 and percent-encoding, NUL bytes), and every action, posted random
 * form bodies with a valid CSRF token and the form's own hidden fields (so the action's own code is reached, not
 * only the CSRF check), answer no 5xx and show no stack trace, as a visitor, a member and an administrator, on
 * both databases. Routes come from the build, their parameters filled with real ids from the seeded database; a
 * route the test cannot fill fails it.
 */
const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
const NUM_RUNS = 250;

interface BuiltRoute {
  path: string;
  action: boolean;
  loader: boolean;
}

/** Every route of the build with a path of its own (index routes answer at their parent's). */
function pathRoutes(): BuiltRoute[] {
  return builtRoutes()
    .filter((r) => r.path !== undefined)
    .map((r) => ({ path: r.path!, action: r.action, loader: r.loader }));
}

/** What the seeded database holds for each kind of id a path takes. */
async function realIds(database: Database, victim: Account) {
  const db = database.db;
  const first = async <T>(query: Promise<T | undefined>, fallback: T) => (await query) ?? fallback;
  const recordOf = async (collection: number) =>
    (
      await db
        .selectFrom("records")
        .select("id")
        .where("collection", "=", collection)
        .orderBy("id")
        .limit(1)
        .executeTakeFirst()
    )?.id ?? 1;
  const placeOf = async (index: string) =>
    (await db.selectFrom("places").select("id").where("map_index", "=", index).orderBy("id").executeTakeFirst())?.id ??
    1;
  const personOf = async (collection: string) =>
    (await db.selectFrom("people").select("id").where("collection", "=", collection).orderBy("id").executeTakeFirst())
      ?.id ?? 1;
  const tree = await first(db.selectFrom("family_trees").select("id").orderBy("id").executeTakeFirst(), { id: 1 });
  const page = await first(db.selectFrom("content_pages").select("slug").orderBy("slug").executeTakeFirst(), {
    slug: "guides/x",
  });
  return { recordOf, placeOf, personOf, treeId: tree.id, slug: page.slug, memberId: victim.id };
}

/** Every route of the build as concrete paths: source routes once per catalog source, with real ids. */
async function concretePaths(routes: BuiltRoute[], ids: Awaited<ReturnType<typeof realIds>>) {
  const sourcePaths = new Map<string, string>();
  for (const source of CATALOG) {
    for (const [page, pattern] of Object.entries(source.routes) as Array<[SourcePage, string]>) {
      const id =
        page === "record" && source.kind === "records"
          ? await ids.recordOf(source.def.code)
          : page === "place"
            ? await ids.placeOf(source.id)
            : page === "person" || page === "descendants"
              ? await ids.personOf(source.id)
              : undefined;
      sourcePaths.set(pattern.replace(/:[A-Za-z]+/, String(id)), pattern);
    }
  }
  const fixed: Record<string, string> = {
    id: String(ids.memberId),
    collection: "stpete-birth",
    treeId: String(ids.treeId),
    personId: String(await ids.personOf("genealogy")),
    code: "PL",
  };
  const out: Array<BuiltRoute & { concrete: string }> = [];
  for (const route of routes) {
    const pattern = `/${route.path}`.replace(/^\/+/, "/");
    if (pattern.includes(":source")) {
      const shape = new RegExp(`^${pattern.replace(/:source|:part|:[A-Za-z]+Id/g, "[^/]+")}$`);
      const members = pattern.startsWith("/members/");
      const matches = [...sourcePaths].filter(
        ([, p]) => shape.test(p) && p.startsWith("/members/") === members && !/^\/members\/membership/.test(p),
      );
      if (!matches.length) throw new Error(`no catalog source has the shape ${pattern}`);
      for (const [concrete] of matches) out.push({ ...route, concrete });
      continue;
    }
    const concrete = pattern
      .replace(/\*$/, pattern.startsWith("/members/") ? ids.slug : "no-such-page")
      .replace(/:([A-Za-z]+)/g, (_, name: string) => {
        if (!(name in fixed)) throw new Error(`no real value for :${name} in ${pattern}`);
        return fixed[name]!;
      });
    out.push({ ...route, concrete });
  }
  return out;
}

/** Query strings no browser would send: raw bytes, so invalid percent-encoding and UTF-8 get through. */
const paramName = fc.oneof(
  fc.constantFrom(
    "surname",
    "givenName",
    "surnameMode",
    "page",
    "perPage",
    "sort",
    "view",
    "yearFrom",
    "yearTo",
    "near",
    "radius",
    "name",
    "province",
    "redirectTo",
    "token",
    "depth",
    "intent",
    "q",
  ),
  fc.string({ maxLength: 12 }),
);
const nastyValue = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 40 }).map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ""))),
  fc.constantFrom(
    "%00",
    "a%00b",
    "%",
    "%ZZ",
    "%E0%A4%A",
    "%C0%AF",
    "%ED%A0%80",
    "%FF%FE",
    "'",
    "%27%20OR%201%3D1--",
    "-1",
    "99999999999999999999999",
    "1e309",
    "NaN",
    "%5B%5D",
    "<script>",
  ),
  fc.integer({ min: 1000, max: 6000 }).map((n) => "x".repeat(n)),
  fc.uint8Array({ maxLength: 30 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);
const queryString = fc
  .array(fc.tuple(paramName, nastyValue), { minLength: 1, maxLength: 8 })
  .chain((pairs) =>
    fc
      .boolean()
      .map((repeat) =>
        (repeat ? [...pairs, ...pairs] : pairs).map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&"),
      ),
  );
const who = fc.constantFrom<"visitor" | "member" | "admin">("visitor", "member", "admin");

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|file:\/\/\/|\bTypeError\b|\bReferenceError\b/;

describe.each(kinds)("random parameters and bodies on %s", (kind) => {
  let server: RunningServer;
  let accounts: Record<"member" | "admin", Account>;
  let targets: Awaited<ReturnType<typeof concretePaths>>;
  const cookieOf = (w: "visitor" | "member" | "admin") => (w === "visitor" ? "" : accounts[w].cookie);

  beforeAll(async () => {
    server = await startServer({ kind, seedRecords: 300 });
    const database = server.openDatabase();
    accounts = { member: await makeAccount(database), admin: await makeAccount(database, { role: "admin" }) };
    const victim = await makeAccount(database);
    targets = await concretePaths(pathRoutes(), await realIds(database, victim));
    await database.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("fills every route of the build with real values", () => {
    expect(targets.length).toBeGreaterThan(60);
    expect(targets.map((t) => t.concrete)).toEqual(
      expect.arrayContaining(["/Search", "/stpete/birth/search", "/members/genealogy/search", "/breyer/map/search"]),
    );
    expect(targets.some((t) => /^\/stpete\/birth\/record\/\d+$/.test(t.concrete))).toBe(true);
  });

  it("answers every loader's random query string without a 5xx or a stack trace", async () => {
    const loaders = targets.filter((t) => t.loader).map((t) => t.concrete);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...loaders), queryString, who, async (target, query, w) => {
        const headers: Record<string, string> = { Host: `127.0.0.1:${server.port}`, "User-Agent": PERSON_USER_AGENT };
        if (w !== "visitor") headers.Cookie = cookieOf(w);
        const response = await rawRequest(server.port, { method: "GET", path: `${target}?${query}`, headers });
        expect(response.status, `${w} GET ${target}?${query.slice(0, 300)}`).toBeLessThan(500);
        expect(response.body, `${w} GET ${target}`).not.toMatch(STACK_TRACE);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(server.exited()).toBe(false);
  });

  it("answers every action's random form body, with a valid CSRF token, without a 5xx or a stack trace", async () => {
    const actions = targets.filter((t) => t.action).map((t) => t.concrete);
    // A form of each page as each kind of user: its CSRF token, honeypot fields and cookies.
    const forms = new Map<string, Awaited<ReturnType<typeof openForm>>>();
    const formFor = async (target: string, w: "visitor" | "member" | "admin") => {
      const key = `${w} ${target}`;
      if (!forms.has(key)) {
        let form = await openForm(server.url + target, cookieOf(w));
        // A page with no form of its own (a search, an export): the CSRF token of the profile or sign-in page.
        if (!form.fields.has("csrf"))
          form = await openForm(server.url + (w === "visitor" ? "/Login" : "/members/profile"), cookieOf(w));
        forms.set(key, form);
      }
      return forms.get(key)!;
    };
    const fieldName = fc.oneof(paramName, fc.constantFrom("login", "password", "email", "title", "slug", "body"));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actions),
        fc.array(fc.tuple(fieldName, nastyValue), { maxLength: 8 }),
        who,
        async (target, pairs, w) => {
          // Signing out would end the session the later runs use: a throwaway account signs out instead.
          let cookie = cookieOf(w);
          if (/logout/.test(target) && w !== "visitor") {
            const database = server.openDatabase();
            cookie = (await makeAccount(database, { role: w })).cookie;
            await database.close();
          }
          const form = await formFor(target, w);
          const own = [...form.fields].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
          const random = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
          const body = [...own, ...random].join("&");
          const response = await rawRequest(server.port, {
            method: "POST",
            path: target,
            headers: {
              Host: `127.0.0.1:${server.port}`,
              "User-Agent": PERSON_USER_AGENT,
              Origin: server.url,
              "Content-Type": "application/x-www-form-urlencoded",
              Cookie: [form.cookie.replace(/metryka_refresh=[^;]*;?\s*/g, ""), cookie].filter(Boolean).join("; "),
            },
            body: Buffer.from(body, "latin1"),
          });
          expect(response.status, `${w} POST ${target} ${body.slice(0, 300)}`).toBeLessThan(500);
          expect(response.body, `${w} POST ${target}`).not.toMatch(STACK_TRACE);
        },
      ),
      { numRuns: NUM_RUNS },
    );
    expect(server.exited()).toBe(false);
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
