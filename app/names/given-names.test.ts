import { describe, it, expect } from "vitest";
import { GIVEN_NAME_GROUPS, variantKeys, variantsOf } from "./given-names";
import { foldName } from "./normalize";

function shareKey(a: string, b: string): boolean {
  const keysOfB = variantKeys(b);
  return variantKeys(a).some((key) => keysOfB.includes(key));
}

describe("GIVEN_NAME_GROUPS", () => {
  it("has at least 150 groups, about 90 male and 60 female", () => {
    expect(GIVEN_NAME_GROUPS.length).toBeGreaterThanOrEqual(150);
    const male = GIVEN_NAME_GROUPS.filter((g) => g.sex === "m").length;
    const female = GIVEN_NAME_GROUPS.filter((g) => g.sex === "f").length;
    expect(male).toBeGreaterThanOrEqual(90);
    expect(female).toBeGreaterThanOrEqual(60);
  });

  it("has unique lowercase ASCII ids", () => {
    const ids = GIVEN_NAME_GROUPS.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+$/);
  });

  it("lists each spelling once per group, after folding", () => {
    for (const group of GIVEN_NAME_GROUPS) {
      const folded = group.names.map(foldName);
      expect(new Set(folded).size, group.id).toBe(folded.length);
    }
  });

  it("has no name that folds to nothing or to several words", () => {
    for (const group of GIVEN_NAME_GROUPS) {
      expect(group.names.length, group.id).toBeGreaterThanOrEqual(2);
      for (const name of group.names) {
        expect(foldName(name), `${group.id}: ${name}`).toMatch(/^[a-z]+$/);
      }
    }
  });

  it("keeps the same person's name in one sex", () => {
    const sexOf = new Map<string, Set<string>>();
    for (const group of GIVEN_NAME_GROUPS) {
      for (const name of group.names) {
        const key = foldName(name);
        sexOf.set(key, (sexOf.get(key) ?? new Set()).add(group.sex));
      }
    }
    const both = [...sexOf].filter(([, sexes]) => sexes.size > 1);
    expect(both).toEqual([]);
  });
});

describe("variantKeys", () => {
  it("gives Johann, Jan, Iwan, Ivan, Johannes, Hans and Joannes one key", () => {
    for (const name of ["Jan", "Iwan", "Ivan", "Johannes", "Hans", "Joannes", "Иван"]) {
      expect(shareKey("Johann", name), name).toBe(true);
    }
    expect(variantKeys("Johann")).toEqual(["johann"]);
  });

  it("gives Gottlieb and Bogumił one key however Bogumił is typed", () => {
    for (const name of ["Bogumił", "bogumil", "BOGUMIL", "Gotlib", "Готлиб"]) {
      expect(variantKeys(name), name).toContain("gottlieb");
    }
  });

  it.each([
    ["Wilhelm", "Vil'gel'm"],
    ["Wilhelm", "Vilgelm"],
    ["Wilhelm", "Вильгельм"],
    ["Wilhelm", "Guillelmus"],
    ["Friedrich", "Fryderyk"],
    ["Friedrich", "Фридрих"],
    ["Friedrich", "Fridericus"],
    ["Katharina", "Katarzyna"],
    ["Katharina", "Екатерина"],
    ["Katharina", "Катерина"],
    ["Katharina", "Catharina"],
    ["Michael", "Michał"],
    ["Michael", "Михаил"],
    ["Michael", "Михайло"],
    ["Gregor", "Григорій"],
    ["Gregor", "Григорий"],
    ["Peter", "Пётр"],
    ["Peter", "Петро"],
    ["Nikolaus", "Микола"],
    ["Maria", "Мария"],
    ["Maria", "Марія"],
    ["Julia", "Юлия"],
    ["Natalie", "Наталья"],
    ["Elisabeth", "Єлизавета"],
    ["Hedwig", "Jadwiga"],
    ["Woldemar", "Włodzimierz"],
    ["Woldemar", "Володимир"],
    ["Gottfried", "Godofredus"],
    ["Reinhold", "Rajnhold"],
    ["Matthias", "Матвей"],
    ["Traugott", "Traugot"],
    ["Erdmann", "Эрдман"],
    ["Johanna", "Иоганна"],
    ["Adelheid", "Адельгейда"],
  ])("matches %s with %s", (a, b) => {
    expect(shareKey(a, b)).toBe(true);
  });

  it("keeps different names apart", () => {
    expect(shareKey("Johann", "Johanna")).toBe(false);
    expect(shareKey("Gottlieb", "Gottfried")).toBe(false);
    expect(shareKey("Karl", "Karoline")).toBe(false);
  });

  it("returns every group of a name listed in several", () => {
    expect(variantKeys("Hanna")).toEqual(["anna", "johanna"]);
    expect(shareKey("Hanna", "Anna")).toBe(true);
    expect(shareKey("Hanna", "Joanna")).toBe(true);
  });

  it("keys unknown names by their folded form, apart from any group id", () => {
    expect(variantKeys("Xaverius")).toEqual(["=xaverius"]);
    expect(variantKeys("Zbigniew Żółw")).toEqual(["=zbigniew", "=zolw"]);
    const ids = new Set(GIVEN_NAME_GROUPS.map((g) => g.id));
    expect(ids.has(variantKeys("Xaverius")[0])).toBe(false);
  });

  it("finds the group of a spelling it does not list through its transliteration, keeping its own key", () => {
    // Marija (German, Polish, scholarly), Ioulia (French), Jewgeni (German), Sergueï (French), Siergiej (Polish).
    expect(variantKeys("Marija")).toEqual(["maria", "=marija"]);
    expect(variantKeys("Ioulia")).toEqual(["julia", "=ioulia"]);
    expect(variantKeys("Jewgeni")).toEqual(["eugen", "=jewgeni"]);
    expect(variantKeys("Sergueï")).toEqual(["sergei", "=sergui"]);
    expect(variantKeys("Siergiej")).toEqual(["sergei", "=siergiej"]);
    for (const [a, b] of [
      ["Marija", "Мария"],
      ["Marija", "Mariya"],
      ["Julija", "Юлия"],
      ["Ioulia", "Yuliya"],
      ["Fjodor", "Фёдор"],
    ]) {
      expect(shareKey(a, b), `${a} ~ ${b}`).toBe(true);
    }
    expect(shareKey("Marija", "Julija")).toBe(false);
  });

  it("keys each word of a multi-word name", () => {
    expect(variantKeys("Johann Gottlieb")).toEqual(["johann", "gottlieb"]);
    expect(variantKeys("Jan Bogumił Jan")).toEqual(["johann", "gottlieb"]);
    expect(variantKeys("Anna-Maria")).toEqual(["anna", "maria"]);
  });

  it("returns no keys for an empty name", () => {
    expect(variantKeys("")).toEqual([]);
    expect(variantKeys(" ' ")).toEqual([]);
  });
});

describe("variantsOf", () => {
  it("lists the spellings of the name's groups", () => {
    const variants = variantsOf("Jan");
    for (const spelling of ["Johann", "Johannes", "Hans", "Iwan", "Ivan", "Joannes"]) {
      expect(variants).toContain(spelling);
    }
    expect(variantsOf("bogumil")).toEqual(GIVEN_NAME_GROUPS.find((g) => g.id === "gottlieb")?.names);
  });

  it("returns nothing for a name in no group", () => {
    expect(variantsOf("Xaverius")).toEqual([]);
  });
});
