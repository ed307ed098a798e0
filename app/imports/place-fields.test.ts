import { describe, expect, it } from "vitest";
import { mapIndex } from "~/places/indexes";
import { placeExportColumns, placeImportTargets, placeMappingGaps } from "./place-fields";

const breyer = mapIndex("breyer");
const ukraine = mapIndex("ukraine");

describe("the targets of a map index", () => {
  it("speak the index's words and offer a square only where its map has squares", () => {
    const labels = (i = breyer) => Object.fromEntries(placeImportTargets(i).map((t) => [t.name, t.label]));
    expect(labels()).toMatchObject({
      name: "Name on the map",
      province: "Province",
      sheet: "Map sheet",
      square: "Square",
    });
    expect(labels(ukraine)).toMatchObject({ name: "Place", province: "Gubernia", sheet: "Map coordinate" });
    expect(labels(ukraine).square).toBeUndefined();
    expect(labels(mapIndex("russia-poland")).polish).toBe("Spelling with diacritics");
    expect(
      placeImportTargets(breyer)
        .filter((t) => t.required)
        .map((t) => t.name),
    ).toEqual(["name"]);
    expect(placeExportColumns(ukraine)).not.toContain("coordinates");
  });

  it("say what a mapping lacks: the name, and the coordinates in two columns or one", () => {
    expect(placeMappingGaps(["name", "coordinates"], breyer)).toEqual([]);
    expect(placeMappingGaps(["name", "latitude", "longitude"], breyer)).toEqual([]);
    expect(placeMappingGaps(["latitude", null], ukraine)).toEqual([
      "Choose the column that holds “Place”: every place needs it.",
      "Choose the column that holds the longitude: every place needs both.",
    ]);
    expect(placeMappingGaps(["name"], ukraine)[0]).toMatch(/latitude and longitude, or the one column/);
  });
});
