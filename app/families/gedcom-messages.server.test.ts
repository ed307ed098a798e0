import { describe, expect, it } from "vitest";
import { readGedcom } from "~/gedcom/tree";
import { gedcomMessageIn } from "./gedcom-messages.server";

describe("the GEDCOM reader's messages in the member's language", () => {
  it("writes a known message again with the parts taken from the file", () => {
    expect(gedcomMessageIn("de", "Unknown tag _MILT (3 times): kept but not read.")).toBe(
      "Unbekanntes Tag _MILT (3-mal): behalten, aber nicht gelesen.",
    );
    expect(gedcomMessageIn("pl", 'Unreadable date "abt. Easter 1850": kept in the notes.')).toBe(
      "Nieczytelna data „abt. Easter 1850”: zachowano w uwagach.",
    );
    expect(gedcomMessageIn("ru", "FAMC @F9@ points to a family that is not in the file.")).toBe(
      "FAMC @F9@ указывает на семью, которой нет в файле.",
    );
    expect(gedcomMessageIn("uk", "The file is empty.")).toBe("Файл порожній.");
  });

  it("keeps English as it is, and a message it does not know", () => {
    expect(gedcomMessageIn("en", "The file is empty.")).toBe("The file is empty.");
    expect(gedcomMessageIn("de", "Something the reader never says.")).toBe("Something the reader never says.");
  });

  it("knows every message the reader gives for the test files", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const path = await import("node:path");
    const folder = path.join(import.meta.dirname, "../gedcom/fixtures");
    const unknown: string[] = [];
    for (const file of readdirSync(folder).filter((f) => f.endsWith(".ged"))) {
      const tree = readGedcom(new Uint8Array(readFileSync(path.join(folder, file))));
      for (const p of tree.problems) {
        if (gedcomMessageIn("de", p.message) === p.message) unknown.push(`${file}: ${p.message}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
