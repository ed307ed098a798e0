import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/sessions.server";
import { CATALOG, type CatalogSource, type SourcePage } from "~/catalog";
import type { Database } from "~/db/connection.server";
import { formatPersonId } from "~/families/collections";
import { approveTree, submitTree } from "~/families/trees.server";
import { createBatch } from "~/imports/batches.server";
import { destinations } from "~/imports/destinations.server";
import { analyseCsv } from "~/imports/file.server";
import { saveContentPage } from "~/members/content-pages.server";
import { openForm } from "./forms";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  makeAccount,
  postgresAdminUrl,
  startServer,
  builtRoutes,
} from "./server";
import { EXPECTED, KINDS, type Kind, type RouteCells } from "./authorization-matrix.table";

/**
 * Issue 13, point 1: every route of the build — pages, actions, API endpoints, payload files, exports, imports,
 * member trees — requested as each kind of account, GET, its `_payload.json`, and a POST with and without a valid
 * CSRF token, against the exact answers of authorization-matrix.table.ts. A route the table does not name fails
 * the test, so a new route cannot go in without someone writing down who may use it.
 *
 * Every request carries a sign-in of its own (a fresh session) and an address of its own (X-Forwarded-For), so a
 * sign-out, a token rotation or a rate limit of one request cannot change the answer to another.
 *
 * MATRIX_WRITE=1 writes what the server answered to authorization-matrix.observed.json instead of failing (to
 * review when a route is added; the table itself is always written by hand).
 */
const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

interface BuiltRoute {
  id: string;
  path: string;
  action: boolean;
}

/** Every route of the build but the root, with its path pattern. */
function matrixRoutes(): BuiltRoute[] {
  return builtRoutes()
    .filter((r) => r.id !== "root")
    .map((r) => ({ id: r.id, path: r.index ? "/" : r.path!, action: r.action }));
}

/** The source of the catalog that a parameterised source route serves, whose pages have something to show. */
function sourceFor(pattern: string, page: SourcePage): CatalogSource {
  const shape = (p: string) => p.split("/").map((s) => (s.startsWith(":") ? ":" : s));
  const want = shape(pattern.replace(/^\/members\/:source/, "/members/:source"));
  const found = CATALOG.find((s) => {
    const own = s.routes[page];
    if (!own || s.kind === "directory") return false;
    const got = own.split("/");
    return got.length === want.length && want.every((w, i) => w === ":" || w === got[i]);
  });
  if (!found) throw new Error(`no source in the catalog for ${pattern}`);
  return found;
}

interface Fixtures {
  accounts: Record<Exclude<Kind, "visitor">, Account>;
  /** The active member's own pending tree, and another member's. */
  ownTree: number;
  otherTree: number;
  importBatch: number;
  contentPage: string;
  record: (s: CatalogSource) => Promise<number>;
  place: (s: CatalogSource) => Promise<number>;
  person: (s: CatalogSource) => Promise<string>;
  /** A person of the members' trees, for the GEDCOM download. */
  gedcomPerson: string;
}

/** The route's pattern with real ids of the fixtures in its parameters. */
async function concretePath(pattern: string, f: Fixtures): Promise<string> {
  const pages: Array<[RegExp, SourcePage]> = [
    [/\/record\/:recordId$/, "record"],
    [/\/place\/:placeId$/, "place"],
    [/\/person\/:personId\/descendants$/, "descendants"],
    [/\/person\/:personId$/, "person"],
    [/\/export\.csv$/, "export"],
    [/\/search$/, "search"],
  ];
  if (pattern.includes(":source")) {
    const page = pages.find(([re]) => re.test(pattern))![1];
    const source = sourceFor(pattern, page);
    const id =
      page === "record"
        ? await f.record(source)
        : page === "place"
          ? await f.place(source)
          : page === "person" || page === "descendants"
            ? await f.person(source)
            : undefined;
    const concrete = source.routes[page]!.replace(/:[A-Za-z]+/, String(id));
    return page === "search" || page === "export" ? `${concrete}?surname=Kowalski` : concrete;
  }
  return pattern
    .replace("/members/admin/members/:id", `/members/admin/members/${f.accounts.active.id}`)
    .replace("/members/admin/imports/:id", `/members/admin/imports/${f.importBatch}`)
    .replace(":collection", destinations()[0]!.id)
    .replace(":treeId", String(f.ownTree))
    .replace(":personId", f.gedcomPerson)
    .replace(":code", "PL")
    .replace(/^\/members\/admin\/pages\/\*$/, `/members/admin/pages/${f.contentPage}`)
    .replace(/^\/members\/\*$/, `/members/${f.contentPage}`)
    .replace(/^\*$/, "/no-such-page");
}

const payloadPath = (concrete: string) => {
  const url = new URL(concrete, "http://x");
  return `${url.pathname === "/" ? "" : url.pathname}/_payload.json${url.search}`;
};

describe.each(kinds)("the authorization matrix on %s", (kind) => {
  let server: RunningServer;
  let database: Database;
  let fixtures: Fixtures;
  let csrf: { token: string; cookie: string };
  let addresses = 0;

  beforeAll(async () => {
    server = await startServer({ kind, env: { TRUST_PROXY: "1" }, seedRecords: 3000 });
    database = server.openDatabase();
    const accounts = {
      pending: await makeAccount(database, { status: "pending" }),
      active: await makeAccount(database),
      expired: await makeAccount(database),
      suspended: await makeAccount(database, { status: "suspended" }),
      admin: await makeAccount(database, { role: "admin" }),
    };
    await database.db
      .updateTable("users")
      .set({ membership_expires_on: "2020-01-01" })
      .where("id", "=", accounts.expired.id)
      .execute();
    const other = await makeAccount(database);
    const tree = async (owner: Account, title: string) => {
      // A copy in the server's data folder, as an upload is stored: withdrawing the tree deletes its file.
      const gedcom = path.join(server.dataDir, `${title.replace(/\W+/g, "-")}.ged`);
      copyFileSync(path.resolve("app/gedcom/fixtures/minimal.ged"), gedcom);
      const outcome = await submitTree(
        database,
        {
          title,
          fileName: "minimal.ged",
          filePath: gedcom,
          submitter: { id: owner.id, name: owner.username },
        },
        "127.0.0.1",
      );
      if (!outcome.ok) throw new Error(`the fixture tree was refused: ${JSON.stringify(outcome.errors)}`);
      return outcome.tree.treeId;
    };
    const ownTree = await tree(accounts.active, "The member's own tree");
    const otherTree = await tree(other, "Another member's tree");
    // An import waiting for its administrator's settings, made as the upload form makes one.
    const csv = path.join(server.dataDir, "matrix.csv");
    writeFileSync(csv, "surname,given,year\nKowalski,Jan,1850\n");
    const analysed = await analyseCsv(csv);
    if (!analysed.ok) throw new Error(analysed.message);
    const target = destinations()[0]!;
    const importBatch = await createBatch(database, {
      kind: target.kind,
      target: target.id,
      fileName: "matrix.csv",
      filePath: csv,
      format: "csv",
      analysis: analysed.analysis,
      settings: {
        encoding: analysed.analysis.encoding,
        delimiter: analysed.analysis.delimiter,
        columns: target.matchHeaders(analysed.analysis.headers),
        calendar: "gregorian",
        skipBadRows: false,
        sheet: null,
      },
      createdBy: accounts.admin.id,
      createdByName: accounts.admin.username,
    });
    await saveContentPage(
      database,
      { slug: "matrix-page", title: "Matrix", bodyMarkdown: "For members.", published: true },
      { userId: accounts.admin.id },
    );
    const genealogy = CATALOG.find((s) => s.kind === "families" && s.def.id === "genealogy");
    if (genealogy?.kind !== "families") throw new Error("no members' trees in the catalog");
    const treePerson = await database.db
      .selectFrom("people")
      .select("number")
      .where("collection", "=", "genealogy")
      .orderBy("number")
      .executeTakeFirstOrThrow();
    fixtures = {
      gedcomPerson: formatPersonId(genealogy.def, Number(treePerson.number)),
      accounts,
      ownTree,
      otherTree,
      importBatch,
      contentPage: "matrix-page",
      record: async (s) =>
        s.kind === "records"
          ? Number(
              (
                await database.db
                  .selectFrom("records")
                  .select("id")
                  .where("collection", "=", s.def.code)
                  .orderBy("id")
                  .executeTakeFirstOrThrow()
              ).id,
            )
          : 0,
      place: async (s) =>
        Number(
          (
            await database.db
              .selectFrom("places")
              .select("id")
              .where("map_index", "=", s.id)
              .orderBy("id")
              .executeTakeFirstOrThrow()
          ).id,
        ),
      person: async (s) => {
        if (s.kind !== "families") throw new Error(`${s.id} has no people`);
        const row = await database.db
          .selectFrom("people")
          .select("number")
          .where("collection", "=", s.def.id)
          .orderBy("number")
          .executeTakeFirstOrThrow();
        return formatPersonId(s.def, Number(row.number));
      },
    };
    const form = await openForm(`${server.url}/Login`);
    csrf = { token: form.fields.get("csrf") ?? "", cookie: form.cookie };
    expect(csrf.token).not.toBe("");
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  /** A Cookie header: a fresh sign-in of the account of this kind (none for a visitor), and the CSRF cookie. */
  async function cookieFor(who: Kind): Promise<string> {
    if (who === "visitor") return csrf.cookie;
    const token = await createSession(database, fixtures.accounts[who].id, { ip: "127.0.0.1", userAgent: "matrix" });
    return `${csrf.cookie}; metryka_refresh=${Buffer.from(JSON.stringify(token), "utf8").toString("base64")}`;
  }

  /** What the table writes for an answer: the status, and for a redirect where it goes ("login": to sign in and back). */
  function cellOf(response: Response, requested: string): number | string {
    if (response.status < 300 || response.status >= 400) return response.status;
    const location = response.headers.get("Location") ?? "";
    if (location === `/Login?redirectTo=${encodeURIComponent(requested)}`) return `${response.status} login`;
    return `${response.status} ${location}`;
  }

  async function request(
    who: Kind,
    method: "GET" | "POST",
    target: string,
    body?: URLSearchParams,
  ): Promise<number | string> {
    const response = await fetch(`${server.url}${target}`, {
      method,
      redirect: "manual",
      headers: {
        "User-Agent": PERSON_USER_AGENT,
        Cookie: await cookieFor(who),
        "X-Forwarded-For": `10.13.${Math.floor(++addresses / 250)}.${addresses % 250}`,
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url } : {}),
      },
      body,
    });
    await response.arrayBuffer();
    return cellOf(response, target);
  }

  it("answers every route exactly as the table says, for every kind of account", async () => {
    const routes = matrixRoutes();
    const patterns = routes.map((r) => r.path);
    const writing = process.env.MATRIX_WRITE === "1";
    const missing = writing ? [] : patterns.filter((p) => !(p in EXPECTED));
    expect(
      missing,
      `routes of the build that the matrix does not name: add them to authorization-matrix.table.ts`,
    ).toEqual([]);
    const gone = Object.keys(EXPECTED).filter((p) => !patterns.includes(p));
    expect(gone, "routes in the matrix that the build no longer has").toEqual([]);

    const observed: Record<string, RouteCells> = {};
    const differences: string[] = [];
    for (const route of routes) {
      const target = await concretePath(route.path, fixtures);
      const row: RouteCells = { get: [], payload: [] };
      if (route.action) Object.assign(row, { post: [], postNoCsrf: [] });
      for (const who of KINDS) {
        row.get.push(await request(who, "GET", target));
        row.payload.push(await request(who, "GET", payloadPath(target)));
        if (route.action) {
          row.post!.push(await request(who, "POST", target, new URLSearchParams({ csrf: csrf.token })));
          row.postNoCsrf!.push(await request(who, "POST", target, new URLSearchParams()));
        }
      }
      observed[route.path] = row;
      const expected = EXPECTED[route.path];
      for (const column of ["get", "payload", "post", "postNoCsrf"] as const) {
        KINDS.forEach((who, i) => {
          const want = expected?.[column]?.[i];
          const got = row[column]?.[i];
          if (want !== got) differences.push(`${column} ${target} as ${who}: expected ${want}, answered ${got}`);
        });
      }
    }
    if (writing) {
      writeFileSync(`http-tests/authorization-matrix.observed.${kind}.json`, JSON.stringify(observed, null, 1));
    }
    expect(differences).toEqual([]);
    expect(server.exited()).toBe(false);
    expect(server.output()).not.toMatch(/"level":50/);
  });

  it("lets a member see and change only their own trees", async () => {
    // Approved, so that it is a tree its own submitter could replace or withdraw.
    expect(
      await approveTree(database, fixtures.otherTree, { userId: fixtures.accounts.admin.id, ip: "127.0.0.1" }),
    ).toBe(true);
    const other = `/members/genealogy/trees/${fixtures.otherTree}`;
    expect(await request("active", "GET", other)).toBe(404);
    expect(await request("active", "GET", payloadPath(other))).toBe(404);
    expect(await request("admin", "GET", other)).toBe(200);
    expect(await request("active", "GET", `/members/genealogy/submit?replaces=${fixtures.otherTree}`)).toBe(404);
    const withdraw = new URLSearchParams({ csrf: csrf.token, intent: "withdraw", treeId: String(fixtures.otherTree) });
    expect(await request("active", "POST", "/members/genealogy/my-trees", withdraw)).toBe(400);
    const tree = await database.db
      .selectFrom("family_trees")
      .select("status")
      .where("id", "=", fixtures.otherTree)
      .executeTakeFirstOrThrow();
    expect(tree.status).toBe("approved");
    // A new file "replacing" another member's tree is refused and writes nothing.
    const trees = async () =>
      Number(
        (
          await database.db
            .selectFrom("family_trees")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await trees();
    const upload = new FormData();
    upload.set("csrf", csrf.token);
    upload.set("title", "Not mine");
    upload.set("replaces", String(fixtures.otherTree));
    upload.set("file", new Blob([readFileSync("app/gedcom/fixtures/minimal.ged")]), "minimal.ged");
    const replace = await fetch(`${server.url}/members/genealogy/submit`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "User-Agent": PERSON_USER_AGENT,
        Cookie: await cookieFor("active"),
        Origin: server.url,
        "X-Forwarded-For": "10.14.0.1",
      },
      body: upload,
    });
    expect(replace.status).toBe(400);
    expect(await replace.text()).toContain("That tree is not one of yours");
    expect(await trees()).toBe(before);
    // The same request for the member's own tree goes through: the refusal above is about ownership.
    const own = new URLSearchParams({ csrf: csrf.token, intent: "withdraw", treeId: String(fixtures.ownTree) });
    expect(await request("active", "POST", "/members/genealogy/my-trees", own)).toBe(
      "302 /members/genealogy/my-trees?done=withdrawn",
    );
  });
});
