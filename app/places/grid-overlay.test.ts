import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAP_AREA, sheetAndSquare } from "./geo";
import { MAX_GRID_CELLS, gridOverlayFor } from "./grid-overlay";
import { imw100kSheet, threeVerstSheet } from "./grids";
import { mapIndex } from "./indexes";

const LODZ = { lat: 51.7592, lon: 19.456 };
const WARSAW = { lat: 52.2297, lon: 21.0122 };
const ZHYTOMYR = { lat: 50.2547, lon: 28.6587 };
const around = (p: { lat: number; lon: number }, d = 0.05) => ({
  minLat: p.lat - d,
  maxLat: p.lat + d,
  minLon: p.lon - d,
  maxLon: p.lon + d,
});
const holds = (
  b: { minLat: number; maxLat: number; minLon: number; maxLon: number },
  p: { lat: number; lon: number },
) => p.lat >= b.minLat && p.lat < b.maxLat && p.lon >= b.minLon && p.lon < b.maxLon;

describe("sheet grid overlays", () => {
  it("Breyer: the eight sheets, and squares when asked, the square a place lies in named as the index names it", () => {
    const breyer = gridOverlayFor("breyer");
    expect(breyer.cellsIn(MAP_AREA, "sheets").map((c) => c.label)).toHaveLength(8);
    const cells = breyer.cellsIn(around(LODZ), "squares");
    const square = cells.find((c) => c.kind === "square" && holds(c.box, LODZ));
    const sheet = cells.find((c) => c.kind === "sheet" && holds(c.box, LODZ));
    expect({ sheet: sheet?.label, square: square?.label }).toEqual(sheetAndSquare(LODZ));
    expect({ sheet: sheet?.label, square: square?.label }).toEqual({ sheet: "Lodz", square: "B2" });
  });

  it("3-verst and 1:100,000 sheets around Warsaw and Zhytomyr", () => {
    const tv = gridOverlayFor("russia-poland").cellsIn(around(WARSAW), "squares");
    expect(tv.find((c) => holds(c.box, WARSAW))?.label).toBe("XVIII-11");
    const imw = gridOverlayFor("ukraine").cellsIn(around(ZHYTOMYR), "sheets");
    expect(imw.find((c) => holds(c.box, ZHYTOMYR))?.label).toBe("M-35-70");
  });

  it("a box far too large for a readable grid gives no cells rather than thousands", () => {
    const huge = { minLat: 30, maxLat: 60, minLon: 0, maxLon: 60 };
    expect(gridOverlayFor("ukraine").cellsIn(huge, "sheets")).toEqual([]);
    expect(gridOverlayFor("russia-poland").cellsIn(huge, "sheets").length).toBeLessThanOrEqual(MAX_GRID_CELLS);
  });

  it("the cell holding any point of an index's area carries that point's designation (property)", () => {
    const cases = [
      { id: "russia-poland" as const, locate: threeVerstSheet },
      { id: "ukraine" as const, locate: imw100kSheet },
    ];
    for (const { id, locate } of cases) {
      const area = mapIndex(id).area;
      fc.assert(
        fc.property(
          fc.double({ min: area.minLat, max: area.maxLat, noNaN: true }),
          fc.double({ min: area.minLon, max: area.maxLon, noNaN: true }),
          (lat, lon) => {
            const p = { lat, lon };
            const cell = gridOverlayFor(id)
              .cellsIn(around(p, 0.2), "sheets")
              .find((c) => holds(c.box, p));
            expect(cell?.label).toBe(locate(p));
          },
        ),
      );
    }
  });
});
