import type { GridCell, GridOverlay, MapBox } from "~/maps/types";
import { SHEETS, SQUARE_COLUMNS, SQUARE_ROWS } from "./geo";
import { THREE_VERST, imw100kSheet, threeVerstSheet } from "./grids";
import type { MapIndexId } from "./indexes";

/**
 * Each place index's sheet grid as a map overlay (issue 11): the cells of its
 * map series that lie in a box, labelled as the index designates them, so a
 * user sees which sheet (and square) a place lies in. The labels come from
 * the same functions that file the places (grids.ts), taken at each cell's
 * centre, so the overlay cannot disagree with the table.
 */

/** More cells than this would be an unreadable hatching: the overlay stays empty until the user zooms in. */
export const MAX_GRID_CELLS = 600;

const intersects = (a: MapBox, b: MapBox) =>
  a.minLat < b.maxLat && a.maxLat > b.minLat && a.minLon < b.maxLon && a.maxLon > b.minLon;

const centre = (b: MapBox) => ({ lat: (b.minLat + b.maxLat) / 2, lon: (b.minLon + b.maxLon) / 2 });

/** The cells of a regular lattice (origin lat0/lon0, steps dLat/dLon) that meet box; [] when there would be too many. */
function lattice(
  box: MapBox,
  lat0: number,
  dLat: number,
  lon0: number,
  dLon: number,
  label: (cell: MapBox) => string | undefined,
): GridCell[] {
  const i0 = Math.floor((box.minLat - lat0) / dLat);
  const i1 = Math.ceil((box.maxLat - lat0) / dLat);
  const j0 = Math.floor((box.minLon - lon0) / dLon);
  const j1 = Math.ceil((box.maxLon - lon0) / dLon);
  if ((i1 - i0) * (j1 - j0) > MAX_GRID_CELLS) return [];
  const out: GridCell[] = [];
  for (let i = i0; i < i1; i++) {
    for (let j = j0; j < j1; j++) {
      const cell = {
        minLat: lat0 + i * dLat,
        maxLat: lat0 + (i + 1) * dLat,
        minLon: lon0 + j * dLon,
        maxLon: lon0 + (j + 1) * dLon,
      };
      const name = label(cell);
      if (name) out.push({ box: cell, label: name, kind: "sheet" });
    }
  }
  return out;
}

const BREYER_OVERLAY: GridOverlay = {
  label: "Breyer map sheets and squares",
  cellsIn(box, detail) {
    const sheets = SHEETS.filter((s) => intersects(s.box, box));
    const out: GridCell[] = sheets.map((s) => ({ box: s.box, label: s.name, kind: "sheet" }));
    if (detail !== "squares") return out;
    for (const s of sheets) {
      const w = (s.box.maxLon - s.box.minLon) / SQUARE_COLUMNS.length;
      const h = (s.box.maxLat - s.box.minLat) / SQUARE_ROWS;
      for (let row = 0; row < SQUARE_ROWS; row++) {
        for (let col = 0; col < SQUARE_COLUMNS.length; col++) {
          const cell = {
            minLat: s.box.maxLat - (row + 1) * h,
            maxLat: s.box.maxLat - row * h,
            minLon: s.box.minLon + col * w,
            maxLon: s.box.minLon + (col + 1) * w,
          };
          if (intersects(cell, box)) out.push({ box: cell, label: `${SQUARE_COLUMNS[col]}${row + 1}`, kind: "square" });
        }
      }
    }
    return out.length > MAX_GRID_CELLS ? out.filter((c) => c.kind === "sheet") : out;
  },
};

const THREE_VERST_OVERLAY: GridOverlay = {
  label: "Russian 3-verst map sheets",
  cellsIn: (box) =>
    lattice(box, THREE_VERST.northEdge, THREE_VERST.rowHeight, THREE_VERST.westEdge, THREE_VERST.sheetWidth, (cell) =>
      threeVerstSheet(centre(cell)),
    ),
};

/** 1:100,000 sheets are 20′ of latitude by 30′ of longitude, aligned on the equator and on 180° W. */
const IMW_100K_OVERLAY: GridOverlay = {
  label: "1:100,000 map sheets",
  cellsIn: (box) => lattice(box, 0, 1 / 3, -180, 0.5, (cell) => imw100kSheet(centre(cell))),
};

const OVERLAYS: Record<MapIndexId, GridOverlay> = {
  breyer: BREYER_OVERLAY,
  "russia-poland": THREE_VERST_OVERLAY,
  ukraine: IMW_100K_OVERLAY,
};

export function gridOverlayFor(index: MapIndexId): GridOverlay {
  return OVERLAYS[index];
}
