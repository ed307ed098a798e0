/**
 * What a map shows, as the server hands it to the page (decision 0032). The
 * same description draws the server-rendered SVG (no JavaScript) and the
 * Leaflet map (with JavaScript), so both show the same places. Shared by
 * server and browser code; nothing here knows about place indexes or records.
 */

export interface MapBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** One marker: a place of the results, its popup's label and link. */
export interface MapPointInput {
  id: number | string;
  lat: number;
  lon: number;
  label: string;
  /** The place page the popup links to. */
  href: string;
  /** With `sizeByCount`, the circle's area grows with the count (records per place on a surname's map). */
  count?: number;
  /** Drawn larger and on top: the centre of a radius search, the place of a place page. */
  highlight?: boolean;
}

/** The searched radius, drawn as a circle on the ground. */
export interface MapCircleInput {
  lat: number;
  lon: number;
  km: number;
}

/** One cell of a map series' sheet grid (a sheet, or a square of a sheet). */
export interface GridCell {
  box: MapBox;
  label: string;
  /** Squares are drawn fainter than sheets. */
  kind: "sheet" | "square";
}

/**
 * A sheet grid that can be switched on over the map: the cells that lie in
 * a box. `cellsIn` is called again whenever the Leaflet map moves, so it must
 * be cheap and return at most a few hundred cells (none when the box is far
 * too large for the grid to be readable).
 */
export interface GridOverlay {
  /** "Breyer sheets and squares": the layer control's entry and the no-script toggle's label. */
  label: string;
  cellsIn(box: MapBox, detail: "sheets" | "squares"): GridCell[];
}

/** A tile server offered beside the bundled base map (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export interface TileLayerConfig {
  url: string;
  attribution: string;
}

export interface SvgPoint {
  x: number;
  y: number;
  r: number;
  label: string;
  highlight: boolean;
}

export interface SvgLabel {
  x: number;
  y: number;
  text: string;
}

/** The map drawn on the server: SVG path data in a width × height drawing. */
export interface SvgDrawing {
  width: number;
  height: number;
  land: string;
  borders: string;
  coast: string;
  circle: string | null;
  towns: SvgLabel[];
  grid: { sheets: string; squares: string; labels: (SvgLabel & { kind: "sheet" | "square" })[] } | null;
  points: SvgPoint[];
}

/** Everything the map component needs from the loader (all of it serialisable). */
export interface MapView {
  points: MapPointInput[];
  circle: MapCircleInput | null;
  /** The box the map opens on (fit to the points and the circle). */
  bounds: MapBox;
  sizeByCount: boolean;
  /** The server's SVG drawing, by its key (app/maps/drawings.server.ts): kept out of the data the browser gets. */
  drawing: string;
  /** The bundled base map's shapes and towns (versioned addresses, so they may be cached for ever). */
  baseUrl: string;
  townsUrl: string;
  tiles: TileLayerConfig | null;
}

/** A town of the reference layer: [name, lat, lon]. */
export type Town = [string, number, number];

/** The bundled base map in memory; /maps/towns.json serves its towns, /maps/base.json the rest (encoded). */
export interface BaseMap {
  region: MapBox;
  /** Polygons (rings of [lon, lat]), clipped to the region. */
  land: [number, number][][][];
  /** Borders between countries, and coastlines (including lakes'), as polylines of [lon, lat]. */
  borders: [number, number][][];
  coast: [number, number][][];
  towns: Town[];
}

/** /maps/base.json: the base map's shapes, every line encoded by encodeLine (app/maps/encoding.ts). */
export interface BaseMapShapesFile {
  region: MapBox;
  land: number[][][];
  borders: number[][];
  coast: number[][];
}

/** The same credit, short enough for the corner of the interactive map. */
export const BASE_MAP_ATTRIBUTION = "Natural Earth · GeoNames (CC BY 4.0)";
