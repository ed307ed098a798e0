import { describe, expect, it } from "vitest";
import { nameMatchLevel } from "./level-of";
import { MODE_LEVELS } from "./match-levels";

describe("nameMatchLevel", () => {
  const sounds = MODE_LEVELS.sounds;

  it("gives the best level a mode admits", () => {
    expect(nameMatchLevel("Schmidt", "Schmidt", sounds)).toBe("exact");
    expect(nameMatchLevel("schmidt", "Schmidt", sounds)).toBe("exact");
    expect(nameMatchLevel("Muller", "Müller", sounds)).toBe("folded");
    expect(nameMatchLevel("Mjuller", "Müller", sounds)).toBe("transliteration");
    expect(nameMatchLevel("Kowalski", "Kowalska", sounds)).toBe("genderForm");
    // Шмит, as Russian writes Schmidt, read back in Polish letters.
    expect(nameMatchLevel("Szmit", "Schmidt", sounds)).toBe("transliteration");
    expect(nameMatchLevel("Miller", "Müller", sounds)).toBe("daitchMokotoff");
    expect(nameMatchLevel("Schmitd", "Schmidt", MODE_LEVELS.similar)).toBe("similar");
    expect(nameMatchLevel("Jan", "Johann", MODE_LEVELS.variants)).toBe("variant");
    expect(nameMatchLevel("Web", "Weber", MODE_LEVELS.starts)).toBe("starts");
  });

  it("counts a name at the worst of its typed words, each met by any stored word", () => {
    expect(nameMatchLevel("Johann", "Johann Gottlieb", sounds)).toBe("exact");
    expect(nameMatchLevel("Gottlieb Johann", "Johann Gotlib", sounds)).toBe("transliteration");
  });

  it("gives nothing where the mode admits no level that meets", () => {
    expect(nameMatchLevel("Schmidt", "Müller", sounds)).toBeUndefined();
    expect(nameMatchLevel("Jan", "Johann", MODE_LEVELS.exact)).toBeUndefined();
  });
});
