import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/i18next.server";
import { quotaMessage } from "~/jobs/upload-files.server";
import type { ImportBatch } from "./batches.server";
import { refusal } from "./jobs.server";
import { placeMappingGaps } from "./place-fields";
import { destinationText, matchRecordHeaders, problemIn, targetLabel, tooManyColumnsIn } from "./words.server";
import { destinations } from "./destinations.server";
import { getCollection } from "~/search/collections";
import { localizedCollection } from "~/search/localize.server";
import type { Language } from "~/i18n/languages";

describe("the import pages' words", () => {
  it("give the site's own targets in the reader's language and keep a collection's or index's own labels", () => {
    const de = translator("de", "imports");
    expect(targetLabel(de, "records", { name: "date", label: "Date or year" })).toBe("Datum oder Jahr");
    expect(targetLabel(de, "records", { name: "surname", label: "Surname" })).toBe("Surname");
    // "notes" is a collection's field in a record collection, the site's own target in a place index.
    expect(targetLabel(de, "records", { name: "notes", label: "Notes" })).toBe("Notes");
    expect(targetLabel(de, "places", { name: "notes", label: "Notes" })).toBe("Anmerkungen");
    expect(targetLabel(de, "places", { name: "polish", label: "Polish name" })).toBe("Polnischer Name");
    // An index's own column for a spelling keeps the index's word.
    expect(targetLabel(de, "places", { name: "russian", label: "Name (Cyrillic)" })).toBe("Name (Cyrillic)");
  });

  it("map the columns of a search's download in each language back to the collection's fields", () => {
    for (const id of ["stpete-birth", "lublin-marriage", "odessa-stpete"]) {
      const collection = getCollection(id)!;
      for (const language of ["de", "pl", "uk", "ru"] as Language[]) {
        // The download's headings (app/search/export.server.ts): its own columns, then the record's fields.
        const csv = translator(language, "search");
        const local = localizedCollection(collection, language);
        const fields = [...local.detailFields, ...local.sourceFields];
        const headers = [csv("csv.id"), csv("csv.date"), csv("csv.julianDate"), csv("csv.year")];
        const matched = matchRecordHeaders([...headers, ...fields.map((f) => f.label), csv("csv.url")], collection);
        // The number column is left for the administrator (a volunteer's "Nr" restarts each year); the year is
        // taken once the date has its column.
        expect(matched.slice(0, 4), `${id} ${language}`).toEqual([null, "date", "julianDate", null]);
        // Every field the download holds goes back where it came from (a derived column is no field: left out).
        const stored = new Set(
          destinations()
            .find((d) => d.id === id)!
            .targets.map((t) => t.name),
        );
        expect(matched.slice(4, -1), `${id} ${language}`).toEqual(
          fields.map((f) => (stored.has(f.name) ? f.name : null)),
        );
        expect(matched.at(-1)).toBeNull();
      }
    }
  });

  it("label the mapping's targets in the reader's language", () => {
    const births = destinations().find((d) => d.id === "stpete-birth")!;
    const labels = Object.fromEntries(births.targetsIn("de").map((t) => [t.name, t.label]));
    expect(labels.date).toBe("Datum oder Jahr");
    expect(labels.surname).toBe("Familienname");
    expect(births.gaps(["date"], "pl")).toEqual([expect.stringMatching(/„Nazwisko”/)]);
  });

  it("count columns in the reader's numbers and plural", () => {
    expect(tooManyColumnsIn("en", 1200)).toMatch(/^The file has 1,200 columns; an import reads at most 500\./);
    expect(tooManyColumnsIn("pl", 12_000)).toMatch(/^Plik ma 12\u00a0000 kolumn; import odczytuje najwyżej 500\./);
    expect(tooManyColumnsIn("ru", 502)).toMatch(/^В файле 502 столбца;/);
  });

  it("say why a batch cannot start in the reader's language, and in English for the command line", () => {
    const batch = {
      kind: "records",
      status: "checked",
      checked: true,
      rows: { error: 1234 },
      settings: { skipBadRows: false },
    } as unknown as ImportBatch;
    expect(refusal(batch, "import")).toBe(
      "1,234 rows have problems: correct the file or the mapping, or choose to leave those rows out.",
    );
    expect(refusal(batch, "import", translator("de", "imports"), "de")).toMatch(/^1\.234 Zeilen haben Probleme/);
    expect(refusal({ ...batch, status: "imported" } as ImportBatch, "check", translator("pl", "imports"), "pl")).toBe(
      "Importu w stanie „zaimportowany” nie można sprawdzić.",
    );
  });

  it("write the gaps of a place mapping and the upload quota in the reader's language", () => {
    const index = { nameLabel: "Ort" } as Parameters<typeof placeMappingGaps>[1];
    expect(placeMappingGaps(["latitude"], index, translator("uk", "imports"))).toEqual([
      "Виберіть стовпець із полем «Ort»: воно потрібне кожному населеному пункту.",
      "Виберіть стовпець із довготою: кожному населеному пункту потрібні обидві координати.",
    ]);
    expect(quotaMessage(0, "de")).toMatch(/^Ihre Uploads belegen bereits die [\d.,]+ MB/);
    expect(quotaMessage(0)).toMatch(/^Your uploads already take the [\d.,]+ MB/);
  });
});

describe("a row's problem on the batch page", () => {
  const problem = {
    row: 4,
    column: "Nazwisko",
    message: "Surname is empty: every record needs it",
    say: { key: "problems.principalEmpty", values: { label: "Surname" } },
  };

  it("is said in the reader's language by its key, in English as it was written", () => {
    expect(problemIn("pl", problem)).toEqual({
      row: 4,
      column: "Nazwisko",
      message: "Pole „Surname” jest puste: każdy wpis go wymaga",
    });
    expect(problemIn("en", problem)).toEqual({ row: 4, column: "Nazwisko", message: problem.message });
    expect(
      problemIn("de", { ...problem, say: { key: "problems.tooLong", values: { length: 1_000_003, max: 4000 } } })
        .message,
    ).toBe("Der Wert ist 1.000.003 Zeichen lang; eine Zelle darf höchstens 4.000 enthalten");
  });

  it("keeps the words of a problem stored without a key, or with a key the catalogs do not know", () => {
    const { say: _, ...old } = problem;
    // Marked English on a page in another language (a screen reader reads it as English; the no-English check skips it).
    expect(problemIn("ru", old)).toEqual({ ...old, lang: "en" });
    expect(problemIn("ru", { ...problem, say: { key: "problems.noSuchKey" } }).message).toBe(problem.message);
  });
});

describe("a collection's title on the import pages", () => {
  it("is the catalog's in the reader's language, and the definition's in English", () => {
    const lublin = {
      kind: "records",
      id: "lublin-death",
      title: "Lublin Lutheran deaths",
      group: "Lublin Lutheran parishes",
    };
    expect(destinationText("en", lublin)).toEqual({
      title: "Lublin Lutheran deaths",
      group: "Lublin Lutheran parishes",
    });
    expect(destinationText("de", lublin)).toEqual({
      title: "Lublin: lutherische Sterbefälle",
      group: "Lutherische Gemeinden im Gouvernement Lublin",
    });
    const breyer = { kind: "places", id: "breyer", title: "Breyer map index", group: "Place indexes" };
    expect(destinationText("pl", breyer).group).toBe("Indeksy miejscowości");
    // A collection the catalog does not know keeps its own words.
    expect(destinationText("ru", { ...lublin, id: "nowhere", title: "Nowhere", group: "Elsewhere" })).toEqual({
      title: "Nowhere",
      group: "Elsewhere",
    });
  });
});
