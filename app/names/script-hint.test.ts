import { describe, expect, it } from "vitest";
import { scriptHint } from "./script-hint";

describe("scriptHint", () => {
  it("gives a reader of German, Polish or English the value in their Latin letters", () => {
    expect(scriptHint("Рожище", "de")).toEqual({
      parts: [{ text: "Рожище", lang: "ru" }],
      latin: "Roschischtsche",
      lang: "de-Latn",
    });
    expect(scriptHint("Рожище", "pl")?.latin).toBe("Rożyszcze");
    expect(scriptHint("Рожище", "en")?.latin).toBe("Rozhishche");
    expect(scriptHint("Рожище", "en", "uk")).toEqual({
      parts: [{ text: "Рожище", lang: "uk" }],
      latin: "Rozhyshche",
      lang: "en-Latn",
    });
  });

  it("gives Ukrainian and Russian readers none", () => {
    expect(scriptHint("Рожище", "uk")).toBeNull();
    expect(scriptHint("Рожище", "ru")).toBeNull();
  });

  it("gives none where the record pairs the Cyrillic with Latin letters, or has no Cyrillic", () => {
    expect(scriptHint("Рожище / Rozhyshche", "de")).toBeNull();
    expect(scriptHint("Анна / Anna geb. Шмидт / Schmidt", "de")).toBeNull();
    expect(scriptHint("widow of Иоганн Шмидт / Johann Schmidt", "en")).toBeNull();
    expect(scriptHint("Schmidt", "de")).toBeNull();
    expect(scriptHint("12 / 13", "de")).toBeNull();
  });

  it("marks the Cyrillic runs of a value with words of other scripts, and keeps those words in the hint", () => {
    expect(scriptHint("Анна Мария geb. Шмидт", "de")).toEqual({
      parts: [{ text: "Анна Мария", lang: "ru" }, { text: " geb. " }, { text: "Шмидт", lang: "ru" }],
      latin: "Anna Marija geb. Schmidt",
      lang: "de-Latn",
    });
    expect(scriptHint("Новоград-Волинський, 1905", "pl")).toEqual({
      parts: [{ text: "Новоград-Волинський", lang: "uk" }, { text: ", 1905" }],
      latin: "Nowohrad-Wołynśkyj, 1905",
      lang: "pl-Latn",
    });
  });
});
