import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/sessions.server";
import type { Database } from "~/db/connection.server";
import { LANGUAGES, type Language } from "~/i18n/languages";
import { EXPECTED, KINDS } from "./authorization-matrix.table";
import { type Fixtures, concretePath, makeRouteFixtures, matrixRoutes } from "./route-fixtures";
import { PERSON_USER_AGENT, type RunningServer, postgresAdminUrl, startServer } from "./server";

/**
 * Issue 29 item 6: every page of the build, in every language but English, has no English left. Each route is asked
 * as the first account that may read it (a visitor, else an administrator, who may read every members' page), with
 * `?lng=`; the page's text and the attributes people read or hear are split into words, and a word that English
 * pages use (the English catalogs' words and the commonest English words) and that the page's own language's
 * catalogs do not use is English left over, unless ALLOWED names it.
 *
 * Records are never translated, and a text inside an element whose `lang` is not the page's (the language menu's
 * "English", the release notes, which stay in English) or marked `translate="no"` (names from the data) is not
 * checked.
 */
const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
const OTHERS = LANGUAGES.filter((l) => l !== "en");

/** Words that are the same in a language, or names: each with why. */
const ALLOWED = new Set([
  "metryka", // the site's name
  "gedcom", // the family-tree file format's name
  "csv", // the file format's name
  "utf", // "UTF-8", an encoding's name
  "fond", // "Fond 828, Opis 1, Delo 841": a Russian archive's call number, written so in every language
]);

/**
 * The records' and place indexes' own words, per route: they stay as the registers and the volunteers wrote them
 * (issue 29), and the demo data writes some in English — the Odessa film index's entries ("Katharina Wagner; parents
 * Gottlieb and Katharina", its event "Birth" and source line), the places' notes ("Town; Lutheran parishes of St. …"),
 * occupations and remarks ("day labourer", "godparents from Lublin"), a register's language ("Polish") — and Polish
 * place names read as English words on a Cyrillic page. The import page shows the uploaded file's own headers
 * ("given", "surname", "year"). A word not listed here fails the test: no text of the site may be left English.
 */
const DATA_WORDS: Readonly<Record<string, readonly string[]>> = {
  "/:source/:part/place/:placeId": ["and", "lutheran", "of", "st", "town"],
  "/members/:source/:part/place/:placeId": ["and", "lutheran", "of", "st", "town"],
  "/members/:source/:part/record/:recordId": ["chełm", "polish"],
  "/members/:source/:part/search": ["cyców", "day", "from", "lublin", "polish", "russian", "zamość"],
  "/members/:source/person/:personId": ["łódź"],
  "/members/:source/record/:recordId": [
    ...["and", "birth", "consistory", "duplicate", "glückstal", "lutheran", "microfilm", "parents", "petersburg"],
    ...["registers", "st"],
  ],
  "/members/admin/imports/:id": ["given", "surname", "year"],
};

// The words English pages are made of beyond the catalogs' own, so that a sentence no catalog holds is still found.
const COMMON_ENGLISH = `the a an and or of to in on at by for from with without into onto over under about after before
  this that these those there here it its is are was were be been being has have had do does did not no yes all any
  each every some more most less least other another such only also just than then when where which who whom whose
  what why how you your yours we our us they their them he she his her one two three first last next previous back
  new old page pages record records search searches result results find found show shows showing hide open close
  name names surname given place places year years date dates born died married baptised baptized birth death
  marriage parish register registers collection collections member members sign signed account password email
  address username save saved cancel delete remove edit add upload download file files import imports export map
  maps tree trees person people family families father mother parents child children spouse help contact about
  home menu settings language languages language's welcome please try again later error errors not found invalid
  required optional must may can could will would should enter choose select choice between exact similar sounds
  like starts contains near within miles kilometres approved waiting pending active expired suspended role admin
  administrator today yesterday total none nothing empty list table details summary view views more less sort
  order best match matches because why matched your search`;

/**
 * Its words. An address in a text ("Page not found: /no-such-page") is what was asked for, and a token with digits
 * in it (a username like "http-bbba658f", a hash, an id "G2001") is a name: neither is the page's words.
 */
function wordsOf(text: string): string[] {
  return text
    .replace(/https?:\/\/\S*|(^|\s)\/\S*/g, " ")
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((token) => !/\p{N}/u.test(token))
    .flatMap((token) => token.toLowerCase().match(/\p{L}+(?:'\p{L}+)?/gu) ?? []);
}

function catalogWords(language: Language): Set<string> {
  const words = new Set<string>();
  const folder = path.join(import.meta.dirname, "../app/locales", language);
  const walk = (node: unknown): void => {
    if (typeof node === "string") {
      // Placeholders and tags are not words of the language.
      for (const w of wordsOf(node.replace(/\{\{[^}]*\}\}/g, " ").replace(/<\/?[a-zA-Z0-9]+\s*\/?>/g, " "))) {
        words.add(w);
      }
    } else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        // The forms catalogs' keys are English sentences: their words are English, whatever the language.
        if (language === "en" && typeof value === "string") walk(key);
        walk(value);
      }
    }
  };
  for (const file of readdirSync(folder)) walk(JSON.parse(readFileSync(path.join(folder, file), "utf8")));
  return words;
}

const SKIPPED_ELEMENTS = new Set(["script", "style", "template", "svg", "code"]);
const READ_ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** The texts a person reads or hears on the page, outside parts marked as another language. */
function pageTexts(html: string, language: Language): string[] {
  const texts: string[] = [];
  const visit = (node: Node, inLanguage: boolean): void => {
    if (node.nodeName === "#text") {
      if (inLanguage) texts.push((node as DefaultTreeAdapterMap["textNode"]).value);
      return;
    }
    if (!("childNodes" in node)) return;
    let here = inLanguage;
    if ("tagName" in node) {
      const element = node as Element;
      if (SKIPPED_ELEMENTS.has(element.tagName)) return;
      const attributes = new Map(element.attrs.map((a) => [a.name, a.value]));
      // Hidden, or proper names marked for translators to leave alone (countries and regions from the data).
      if (attributes.has("hidden") || attributes.get("translate") === "no") return;
      const lang = attributes.get("lang");
      if (lang !== undefined) here = lang.split("-")[0] === language;
      if (element.tagName === "meta" && attributes.get("name") === "description" && here) {
        texts.push(attributes.get("content") ?? "");
      }
      if (here) for (const name of READ_ATTRIBUTES) if (attributes.has(name)) texts.push(attributes.get(name)!);
    }
    const children = "content" in node && node.nodeName === "template" ? [] : node.childNodes;
    for (const child of children) visit(child, here);
  };
  // Scripting off: a <noscript> is read as the markup it holds, not as one text.
  visit(parse(html, { scriptingEnabled: false }), true);
  return texts.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
}

describe.each(kinds)("no English left on the pages in other languages, on %s", (kind) => {
  let server: RunningServer;
  let database: Database;
  let fixtures: Fixtures;
  let adminCookie: string;

  beforeAll(async () => {
    server = await startServer({ kind, seedRecords: 3000 });
    database = server.openDatabase();
    fixtures = await makeRouteFixtures(server, database);
    const token = await createSession(database, fixtures.accounts.admin.id, { ip: "127.0.0.1", userAgent: "lang" });
    adminCookie = `metryka_refresh=${Buffer.from(JSON.stringify(token), "utf8").toString("base64")}`;
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  it("finds none on any page, in German, Polish, Ukrainian or Russian", async () => {
    const english = catalogWords("en");
    for (const w of wordsOf(COMMON_ENGLISH)) english.add(w);
    const own = new Map(OTHERS.map((l) => [l, catalogWords(l)]));
    const left: string[] = [];
    let pages = 0;
    for (const route of matrixRoutes()) {
      const cells = EXPECTED[route.path]?.get ?? [];
      const visitor = cells[KINDS.indexOf("visitor")] === 200;
      const admin = cells[KINDS.indexOf("admin")] === 200;
      if (!visitor && !admin && route.path !== "*") continue;
      const target = await concretePath(route.path, fixtures);
      for (const language of OTHERS) {
        const url = new URL(target, server.url);
        url.searchParams.set("lng", language);
        const response = await fetch(url, {
          headers: { "User-Agent": PERSON_USER_AGENT, ...(visitor ? {} : { Cookie: adminCookie }) },
          redirect: "manual",
        });
        const body = await response.text();
        if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) continue;
        pages++;
        const words = own.get(language)!;
        for (const text of pageTexts(body, language)) {
          const known = new Set(DATA_WORDS[route.path] ?? []);
          const found = wordsOf(text).filter(
            (w) => w.length > 1 && english.has(w) && !words.has(w) && !ALLOWED.has(w) && !known.has(w),
          );
          if (found.length > 0) left.push(`${route.path} [${language}] "${text.slice(0, 120)}" (${found.join(", ")})`);
        }
      }
    }
    if (process.env.ENGLISH_LEFT_REPORT) console.log([...new Set(left)].join("\n"));
    expect(pages).toBeGreaterThan(30 * OTHERS.length);
    expect([...new Set(left)]).toEqual([]);
  });
});
