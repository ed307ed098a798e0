import { copyFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CATALOG, type CatalogSource, type SourcePage } from "~/catalog";
import type { Database } from "~/db/connection.server";
import { formatPersonId } from "~/families/collections";
import { submitTree } from "~/families/trees.server";
import { createBatch } from "~/imports/batches.server";
import { destinations } from "~/imports/destinations.server";
import { analyseCsv } from "~/imports/file.server";
import { saveContentPage } from "~/members/content-pages.server";
import { type Account, type RunningServer, builtRoutes, makeAccount } from "./server";
import type { Kind } from "./authorization-matrix.table";

// Every route of the build with real ids in its parameters: the authorization matrix asks each as every kind of
// account, and the languages test reads each in every language.

export interface BuiltRoute {
  id: string;
  path: string;
  action: boolean;
}

/** Every route of the build but the root, with its path pattern. */
export function matrixRoutes(): BuiltRoute[] {
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

export interface Fixtures {
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
export async function concretePath(pattern: string, f: Fixtures): Promise<string> {
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

export const payloadPath = (concrete: string) => {
  const url = new URL(concrete, "http://x");
  return `${url.pathname === "/" ? "" : url.pathname}/_payload.json${url.search}`;
};

/** The accounts, trees, import, content page and ids every route's address needs, made in the server's database. */
export async function makeRouteFixtures(server: RunningServer, database: Database): Promise<Fixtures> {
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
  const ownTree = await tree(accounts.active, "Stammbaum Radke");
  const otherTree = await tree(other, "Drzewo Kowalskich");
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
    { slug: "matrix-page", title: "Matrix", bodyMarkdown: "Nur für Mitglieder.", published: true },
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
  return {
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
}
