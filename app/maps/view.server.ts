import { geoCircle, geoMercator } from "d3-geo";
import { type BaseMapFiles, baseMap } from "./basemap.server";
import { type Position, clipLine, clipRing } from "./clip";
import { keepDrawing } from "./drawings.server";
import { fitBox } from "./fit";
import { tileLayerFromEnv } from "./tiles";
import type { GridOverlay, MapBox, MapCircleInput, MapPointInput, MapView, SvgDrawing, SvgLabel } from "./types";
import { PATHS } from "~/routing/paths";

/**
 * A map for a page (decision 0032): the loader describes what to show —
 * points, an optional radius, an optional sheet grid — and gets back what
 * both renderings need: the SVG drawn here with d3-geo's Mercator projection
 * (the same projection Leaflet uses, so the two look alike) for browsers
 * without JavaScript, and the points and bounds the Leaflet map opens on.
 */

export interface MapViewInput {
  points: readonly MapPointInput[];
  circle?: MapCircleInput;
  /** Circle areas proportional to each point's count (a surname's map) instead of equal dots. */
  sizeByCount?: boolean;
  /** Drawn on the SVG (the toggle shows it); the Leaflet map asks the same overlay again as it moves. */
  grid?: GridOverlay;
  /** The open view when there are no points (an index's area). */
  fallbackBounds?: MapBox;
}

export const SVG_WIDTH = 640;
const MIN_HEIGHT = 300;
const MAX_HEIGHT = 560;
/** Towns are named on the SVG only when this few lie in view (there is no population to choose by). */
const MAX_SVG_TOWNS = 30;
/** Below this many degrees of latitude in view, a grid's squares are drawn, not only its sheets. */
export const SQUARES_BELOW_DEG = 3;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A polyline as SVG path data, dropping vertices less than half a pixel from the last one kept. */
function pathData(line: readonly Position[], closed: boolean): string {
  let d = "";
  let last: Position | undefined;
  line.forEach((p, i) => {
    const isLast = i === line.length - 1;
    if (last && !isLast && Math.abs(p[0] - last[0]) < 0.5 && Math.abs(p[1] - last[1]) < 0.5) return;
    d += `${last ? "L" : "M"}${round1(p[0])},${round1(p[1])}`;
    last = p;
  });
  return closed ? `${d}Z` : d;
}

const boxes = new WeakMap<readonly Position[], MapBox>();

/** A line's bounding box, computed once per line of the base map (which lives as long as the process). */
function boxOf(line: readonly Position[]): MapBox {
  let box = boxes.get(line);
  if (!box) {
    box = { minLon: Infinity, maxLon: -Infinity, minLat: Infinity, maxLat: -Infinity };
    for (const [lon, lat] of line) {
      box.minLon = Math.min(box.minLon, lon);
      box.maxLon = Math.max(box.maxLon, lon);
      box.minLat = Math.min(box.minLat, lat);
      box.maxLat = Math.max(box.maxLat, lat);
    }
    boxes.set(line, box);
  }
  return box;
}

const meets = (a: MapBox, b: MapBox) =>
  a.minLat <= b.maxLat && a.maxLat >= b.minLat && a.minLon <= b.maxLon && a.maxLon >= b.minLon;

export function buildSvg(input: MapViewInput, bounds: MapBox, files: BaseMapFiles = baseMap()): SvgDrawing {
  const corners = {
    type: "MultiPoint" as const,
    coordinates: [
      [bounds.minLon, bounds.minLat],
      [bounds.maxLon, bounds.maxLat],
    ],
  };
  const unit = geoMercator().scale(1).translate([0, 0]);
  const [x0, y0] = unit([bounds.minLon, bounds.maxLat])!;
  const [x1, y1] = unit([bounds.maxLon, bounds.minLat])!;
  const width = SVG_WIDTH;
  const height = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, (width * (y1 - y0)) / (x1 - x0))));
  const projection = geoMercator().fitExtent(
    [
      [12, 12],
      [width - 12, height - 12],
    ],
    corners,
  );
  const project = (p: Position): Position => projection(p) as Position;
  const [westLon, northLat] = projection.invert!([0, 0])!;
  const [eastLon, southLat] = projection.invert!([width, height])!;
  const view: MapBox = { minLat: southLat, maxLat: northLat, minLon: westLon, maxLon: eastLon };
  // Clip in pixels, a little outside the drawing so no stroke ends visibly at its edge.
  const frame: MapBox = { minLon: -4, maxLon: width + 4, minLat: -4, maxLat: height + 4 };

  const { map } = files;
  // Only the lines that come near the view are projected: the 1:10m coast has tens of thousands of points.
  const land = map.land
    .filter((polygon) => meets(boxOf(polygon[0]), view))
    .flatMap((polygon) => polygon.map((ring) => clipRing(ring.map(project), frame)))
    .filter((ring) => ring.length)
    .map((ring) => pathData(ring, true))
    .join("");
  const lines = (all: Position[][]) =>
    all
      .filter((line) => meets(boxOf(line), view))
      .flatMap((line) => clipLine(line.map(project), frame))
      .map((line) => pathData(line, false))
      .join("");

  const townsInView = map.towns.filter(
    ([, lat, lon]) => lat > view.minLat && lat < view.maxLat && lon > view.minLon && lon < view.maxLon,
  );
  const towns: SvgLabel[] =
    townsInView.length <= MAX_SVG_TOWNS
      ? townsInView.map(([text, lat, lon]) => {
          const [x, y] = project([lon, lat]);
          return { x: round1(x), y: round1(y), text };
        })
      : [];

  let grid: SvgDrawing["grid"] = null;
  if (input.grid) {
    const detail = view.maxLat - view.minLat < SQUARES_BELOW_DEG ? "squares" : "sheets";
    const cells = input.grid.cellsIn(view, detail);
    const rect = (b: MapBox) => {
      const [ax, ay] = project([b.minLon, b.maxLat]);
      const [bx, by] = project([b.maxLon, b.minLat]);
      return `M${round1(ax)},${round1(ay)}H${round1(bx)}V${round1(by)}H${round1(ax)}Z`;
    };
    const labelled = cells.filter((c) => c.kind === "sheet" || cells.length <= 120);
    grid = {
      sheets: cells
        .filter((c) => c.kind === "sheet")
        .map((c) => rect(c.box))
        .join(""),
      squares: cells
        .filter((c) => c.kind === "square")
        .map((c) => rect(c.box))
        .join(""),
      labels: labelled.map((c) => {
        // A sheet is named in the middle of its visible part (so one larger than the view is still named),
        // a square in its north-west corner.
        if (c.kind === "square") {
          const [x, y] = project([c.box.minLon, c.box.maxLat]);
          return { x: round1(x + 4), y: round1(y + 13), text: c.label, kind: c.kind };
        }
        const [ax, ay] = project([Math.max(c.box.minLon, view.minLon), Math.min(c.box.maxLat, view.maxLat)]);
        const [bx, by] = project([Math.min(c.box.maxLon, view.maxLon), Math.max(c.box.minLat, view.minLat)]);
        return { x: round1((ax + bx) / 2), y: round1((ay + by) / 2), text: c.label, kind: c.kind };
      }),
    };
  }

  let circle: string | null = null;
  if (input.circle) {
    const ring = geoCircle()
      .center([input.circle.lon, input.circle.lat])
      .radius(input.circle.km / 111.195)
      .precision(3)();
    circle = ring.coordinates
      .map((r) =>
        pathData(
          r.map((p) => project(p as Position)),
          true,
        ),
      )
      .join("");
  }

  const maxCount = input.points.reduce((most, p) => Math.max(most, p.count ?? 1), 1);
  const dot = input.points.length > 150 ? 2.5 : 4;
  const points = input.points
    .map((p) => {
      const [x, y] = project([p.lon, p.lat]);
      const r = input.sizeByCount ? countRadius(p.count ?? 1, maxCount) : p.highlight ? 6 : dot;
      return { x: round1(x), y: round1(y), r, label: p.label, highlight: !!p.highlight };
    })
    // Highlighted points last, so they are drawn on top.
    .sort((a, b) => Number(a.highlight) - Number(b.highlight));

  return {
    width,
    height,
    land,
    borders: lines(map.borders),
    coast: lines(map.coast),
    circle,
    towns,
    grid,
    points,
  };
}

/** A circle's radius in pixels whose area is proportional to count (3 px for one, 18 px for the most). */
export function countRadius(count: number, maxCount: number): number {
  return round1(3 + 15 * Math.sqrt(Math.max(0, count) / Math.max(1, maxCount)));
}

export function buildMapView(input: MapViewInput): MapView {
  const files = baseMap();
  const bounds = fitBox(input.points, input.circle, input.fallbackBounds);
  return {
    points: [...input.points],
    circle: input.circle ?? null,
    bounds,
    sizeByCount: !!input.sizeByCount,
    drawing: keepDrawing(buildSvg(input, bounds, files)),
    baseUrl: `${PATHS.mapShapes}?v=${files.shapes.version}`,
    townsUrl: `${PATHS.mapTowns}?v=${files.towns.version}`,
    tiles: tileLayerFromEnv(),
  };
}
