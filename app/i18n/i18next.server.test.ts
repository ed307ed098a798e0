import { describe, expect, it } from "vitest";
import { pageTranslator, translator } from "./i18next.server";

describe("the server's kept texts", () => {
  it("answers a key asked again with the same text, and keeps texts apart by language and default", () => {
    const de = translator("de", "common");
    expect(de("nav.home")).toBe("Startseite");
    expect(de("nav.home")).toBe("Startseite");
    expect(translator("en", "common")("nav.home")).toBe("Home");
    expect(de("no.such.key", { defaultValue: "erst" })).toBe("erst");
    expect(de("no.such.key", { defaultValue: "zweit" })).toBe("zweit");
  });

  it("never keeps a text that depends on values", () => {
    const t = pageTranslator("en", ["search"]);
    expect(t.t("search", "results.records", { count: 1 })).toBe("1 record");
    expect(t.t("search", "results.records", { count: 2 })).toBe("2 records");
    expect(t.t("search", "results.moreAbout", { id: 7 })).not.toBe(t.t("search", "results.moreAbout", { id: 8 }));
  });
});
