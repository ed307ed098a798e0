import { describe, expect, it } from "vitest";
import { genderFormKeys } from "./gender-forms";

const meet = (a: string, b: string) => genderFormKeys(a).some((k) => genderFormKeys(b).includes(k));

describe("a surname's masculine and feminine forms", () => {
  it("meet under one key, in Polish, Russian transliterations and Czech", () => {
    for (const [a, b] of [
      ["Górski", "Górska"],
      ["Jaworski", "Jaworska"],
      ["Wysocki", "Wysocka"],
      ["Nowak", "Nowakowa"],
      ["Nowak", "Nowakówna"],
      ["Yavorskiy", "Yavorskaya"],
      ["Javorskij", "Javorskaja"],
      ["Ivanov", "Ivanova"],
      ["Novák", "Nováková"],
      ["Belyaev", "Belyaeva"],
      ["Borodin", "Borodina"],
    ]) {
      expect(meet(a!, b!), `${a} and ${b}`).toBe(true);
    }
  });

  it("keeps other surnames apart, and short words out", () => {
    expect(meet("Górski", "Górny")).toBe(false);
    expect(meet("Kowalski", "Kowalczyk")).toBe(false);
    expect(genderFormKeys("Ina")).toEqual([]);
    expect(genderFormKeys("Schmidt")).toEqual(["schmidt"]);
  });
});
