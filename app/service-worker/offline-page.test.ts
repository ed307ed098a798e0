import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/languages";
import { type OfflineKey, offlinePages } from "./offline-page";
import { offlinePageWithSavedPages, offlinePath } from "./policy";

const root = path.resolve(import.meta.dirname, "../..");
const catalogOf = (language: string) =>
  JSON.parse(readFileSync(path.join(root, "app/locales", language, "offline.json"), "utf8")) as Record<
    OfflineKey,
    string
  >;
const pages = offlinePages(catalogOf);

describe("the offline pages", () => {
  it("are in public/ as the catalogs write them (run scripts/build-offline-pages.ts after changing them)", () => {
    for (const [address, html] of pages) expect(readFileSync(path.join(root, "public", address), "utf8")).toBe(html);
  });

  it("speak each language, with its words escaped and the way back as a link", () => {
    for (const language of LANGUAGES) {
      const html = pages.get(offlinePath(language))!;
      const words = catalogOf(language);
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<h1>${words.heading}</h1>`);
      expect(html).not.toMatch(/&#60;again|<again>/);
      expect(html).toMatch(/<a href="">[^<]+<\/a>/);
    }
    expect(pages.get("/offline.de.html")).toContain("Sie sind offline");
    expect(pages.get("/offline.html")).toContain("<h1>You are offline</h1>");
  });

  it("show the saved pages under a heading in the page's language, or say in it that there are none", () => {
    const polish = pages.get("/offline.pl.html")!;
    const origin = "https://metryka.example";
    const withSaved = offlinePageWithSavedPages(polish, [{ url: `${origin}/`, title: "Metryka" }], origin);
    expect(withSaved).toContain("<h2>Zapisane na tym urządzeniu</h2>");
    expect(withSaved).toContain('<ul class="saved"><li><a href="/">Metryka</a></li></ul>');
    expect(withSaved).not.toContain("nie zapisano jeszcze");
    const none = offlinePageWithSavedPages(polish, [], origin);
    expect(none).toContain("Na tym urządzeniu nie zapisano jeszcze żadnych stron.");
    expect(none).not.toContain("<h2>");
  });
});
