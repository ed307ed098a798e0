import { describe, expect, it } from "vitest";
import { mapIndex } from "~/places/indexes";
import { matchPlaceHeaders } from "./place-fields";
import { readPlaceRow } from "./place-rows.server";

const breyer = mapIndex("breyer");
const russiaPoland = mapIndex("russia-poland");

function read(index = breyer, headers: string[], cells: string[]) {
  return readPlaceRow(index, { columns: matchPlaceHeaders(headers, index) }, headers, { row: 2, cells });
}

describe("the headers of a list of places", () => {
  it("match in German, Polish, Russian, Ukrainian and English, each target once", () => {
    expect(
      matchPlaceHeaders(["Lfd. Nr.", "Ort", "Polnisch", "Gouvernement", "Blatt", "Quadrat", "Breite", "Länge"], breyer),
    ).toEqual(["sourceKey", "name", "polish", "province", "sheet", "square", "latitude", "longitude"]);
    expect(
      matchPlaceHeaders(["Miejscowość", "Gubernia", "Arkusz", "Szerokość", "Długość", "Uwagi", "Nazwa"], russiaPoland),
    ).toEqual(["name", "province", "sheet", "latitude", "longitude", "notes", null]);
    expect(matchPlaceHeaders(["Назва", "Губернія", "Координати", "Стара назва", "Лист"], mapIndex("ukraine"))).toEqual([
      "name",
      "province",
      "coordinates",
      "older",
      "sheet",
    ]);
    // The index's own labels: a Russia-Poland "Map coordinate" is the sheet, its "Spelling with diacritics" Polish.
    expect(matchPlaceHeaders(["Place", "Spelling with diacritics", "Map coordinate", "Square"], russiaPoland)).toEqual([
      "name",
      "polish",
      "sheet",
      null,
    ]);
  });
});

describe("a row of a list of places", () => {
  const headers = ["Ort", "Gouvernement", "Blatt", "Quadrat", "Koordinaten"];

  it("reads a place, its province by either name, and its sheet and square from the position", () => {
    const r = read(breyer, headers, ["Neu-Sulzfeld", "Piotrków", "", "", "51°47′N 19°38′E"]);
    expect(r.problems).toEqual([]);
    expect(r.place).toMatchObject({ name: "Neu-Sulzfeld", province: "Petrikau", lat: 51.783333, lon: 19.633333 });
    expect(r.place).toMatchObject({ sheet: "Lodz", square: "C2" });
    expect(r.sourceKey).toMatch(/^row:/);
    const given = read(breyer, headers, ["Neu-Sulzfeld", "", "lodz", "c2", "51.78, 19.63"]);
    expect(given.problems).toEqual([]);
    expect(given.place).toMatchObject({ sheet: "Lodz", square: "C2", province: "" });
  });

  it("says which cell is wrong: a sheet or square the map lacks, a province not of the index, a place off the map", () => {
    const bad = read(breyer, headers, ["Neudorf", "Wolhynien", "Kiew", "Z9", "51.78, 19.63"]);
    expect(bad.place).toBeNull();
    expect(bad.problems.map((p) => [p.column, p.message])).toEqual([
      ["Gouvernement", expect.stringMatching(/^“Wolhynien” is not a province of this index: Kalisch, Lublin/)],
      ["Blatt", expect.stringMatching(/^“Kiew” is not one of the map's sheets: Leslau, Plock/)],
      ["Quadrat", expect.stringMatching(/^“Z9” is not a square/)],
    ]);
    const swapped = read(breyer, headers, ["Neudorf", "", "", "", "19.63, 51.78"]);
    expect(swapped.problems).toEqual([
      {
        row: 2,
        column: "Koordinaten",
        message: expect.stringMatching(/outside this index's area .*swapped\?$/),
        say: { key: "problems.place.swapped", values: { point: "19.63, 51.78", area: expect.any(String) } },
      },
    ]);
    const far = read(breyer, headers, ["Neudorf", "", "", "", "48.2, 16.37"]);
    expect(far.problems[0]!.message).toMatch(/^48.2, 16.37 lies outside this index's area \(50.8–53.2° N/);
    const sheet = read(russiaPoland, ["Place", "Map coordinate", "Lat", "Lon"], ["Łódź", "Lodz", "51.77", "19.46"]);
    expect(sheet.problems[0]).toMatchObject({ column: "Map coordinate", message: expect.stringMatching(/XIX-10/) });
    const missing = read(breyer, ["Ort", "Breite"], ["Neudorf", "51.7"]);
    expect(missing.problems).toEqual([
      {
        row: 2,
        column: "Longitude",
        message: "The longitude is empty: every place needs its coordinates",
        say: { key: "problems.place.longitudeEmpty" },
      },
    ]);
  });

  it("keeps several spellings of a kind from one cell, and a key column's value as the key", () => {
    const r = read(
      russiaPoland,
      ["ID", "Place", "German", "Lat", "Lon"],
      ["77", "Łódź", "Lodz; Litzmannstadt", "51.77", "19.46"],
    );
    expect(r.place?.spellings).toEqual([
      { kind: "german", name: "Lodz" },
      { kind: "german", name: "Litzmannstadt" },
    ]);
    expect(r.place?.sheet).toBe("XIX-10");
    expect(r.sourceKey).toBe("77");
    expect(read(russiaPoland, ["ID", "Place", "Lat", "Lon"], ["", "Łódź", "51.77", "19.46"]).problems).toEqual([
      { row: 2, column: "ID", message: "The source key is empty", say: { key: "problems.keyEmpty" } },
    ]);
  });
});
