import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { Position } from "../clip";
import { type BaseLines, boxed, halfPixelDegrees, linesFor } from "../detail";
import { controlsFirst, nameBaseLayerGroup } from "./control-order";
import type { MapWords } from "./words";
import { drawPlaceMarkers } from "./place-markers.client";
import {
  BASE_MAP_ATTRIBUTION,
  type BaseMapShapesFile,
  type GridOverlay,
  type MapBox,
  type MapView,
  type Town,
} from "../types";

/**
 * The interactive map (decision 0032), loaded only by GeoMap's effect, so
 * Leaflet's script and stylesheet reach map pages only. Everything is drawn
 * from the page's MapView and our own base map files: no outside request
 * unless the site configured a tile server (MAP_TILE_URL).
 */

/** Zoom from which the GeoNames towns are drawn, and from which they are named. */
const TOWNS_FROM_ZOOM = 8;
const TOWN_NAMES_FROM_ZOOM = 10;
const MAX_TOWNS_DRAWN = 400;
/** Each name is an element of the page: more than this many would make it slow (and unreadable). */
const MAX_TOWN_NAMES = 60;
const TOWN_NAMES_PANE = "geoTownNames";
const MAX_GRID_LABELS = 150;
/**
 * How far beyond the view the canvas draws (a share of the view's size on each side), so a short pan shows no gap.
 * Its pixels are allocated and painted at each move: half the view on each side (the first setting) was four times
 * the view's area, and a high-density screen doubles each side again.
 */
const CANVAS_PADDING = 0.25;
/** How far beyond the view the base map's lines are cut (more than the canvas draws, so a pan needs no new cut). */
const BASE_MAP_MARGIN = 0.5;
const SQUARES_BELOW_DEG = 3;

const COLOURS = {
  land: "#f4f1e8",
  coast: "#6f8fa8",
  border: "#8c5a7d",
  circle: "#1b4d89",
  grid: "#5b6b2f",
  town: "#555",
} as const;

export interface LeafletMapOptions {
  title: string;
  grid?: GridOverlay;
  gridOn: boolean;
  /** Follows a popup's link inside the app (Remix navigation) rather than reloading the page. */
  navigate: (href: string) => void;
  /** The map's words in the reader's language (app/maps/ui/words.ts); English without. */
  words?: MapWords;
}

export interface LeafletMapHandle {
  setGrid(on: boolean): void;
  destroy(): void;
}

const toLatLngs = (line: Position[]): L.LatLngTuple[] => line.map(([lon, lat]) => [lat, lon]);

/**
 * Text as HTML, escaped by the DOM: Leaflet's attribution takes only strings and writes them into innerHTML, and
 * MAP_TILE_ATTRIBUTION is configured text, not markup.
 */
function escapedText(text: string): string {
  const span = document.createElement("span");
  span.textContent = text;
  return span.innerHTML;
}

function divLabel(text: string, className: string): L.DivIcon {
  const span = document.createElement("span");
  span.textContent = text;
  return L.divIcon({ html: span, className, iconSize: undefined });
}

export function mountLeafletMap(element: HTMLElement, view: MapView, options: LeafletMapOptions): LeafletMapHandle {
  const map = L.map(element, { keyboard: true, zoomSnap: 0.5, minZoom: 4, maxZoom: 15, preferCanvas: false });
  // Tab from the map reaches zoom and the choice of base map before the markers.
  controlsFirst(element);
  const words = options.words;
  if (words) {
    for (const [selector, label] of [
      [".leaflet-control-zoom-in", words.zoomIn],
      [".leaflet-control-zoom-out", words.zoomOut],
    ] as const) {
      const button = element.querySelector(selector);
      button?.setAttribute("title", label);
      button?.setAttribute("aria-label", label);
    }
  }
  map.attributionControl.setPrefix("Leaflet");
  map.attributionControl.addAttribution(escapedText(BASE_MAP_ATTRIBUTION));
  const canvas = L.canvas({ padding: CANVAS_PADDING });
  const b = view.bounds;
  map.fitBounds([
    [b.minLat, b.minLon],
    [b.maxLat, b.maxLon],
  ]);

  // The bundled base map: land, coastlines, borders (Natural Earth), fetched from our origin, and drawn at the
  // detail of the view (app/maps/detail.ts): again when the zoom changes or the view leaves what was drawn.
  const shapes = L.layerGroup();
  let destroyed = false;
  let lines: BaseLines | null = null;
  let drawnFor: { zoom: number; bounds: L.LatLngBounds } | null = null;
  const drawBase = () => {
    const zoom = map.getZoom();
    if (!lines || (drawnFor?.zoom === zoom && drawnFor.bounds.contains(map.getBounds().pad(CANVAS_PADDING)))) return;
    const bounds = map.getBounds().pad(BASE_MAP_MARGIN);
    const cut = linesFor(
      lines,
      { minLat: bounds.getSouth(), maxLat: bounds.getNorth(), minLon: bounds.getWest(), maxLon: bounds.getEast() },
      halfPixelDegrees(zoom, map.getCenter().lat),
    );
    drawnFor = { zoom, bounds };
    shapes.clearLayers();
    L.polygon(
      cut.land.map((polygon) => polygon.map(toLatLngs)),
      { renderer: canvas, stroke: false, fillColor: COLOURS.land, fillOpacity: 1, interactive: false },
    ).addTo(shapes);
    L.polyline(cut.coast.map(toLatLngs), {
      renderer: canvas,
      color: COLOURS.coast,
      weight: 1,
      interactive: false,
    }).addTo(shapes);
    L.polyline(cut.borders.map(toLatLngs), {
      renderer: canvas,
      color: COLOURS.border,
      weight: 1.5,
      dashArray: "6 3",
      interactive: false,
    }).addTo(shapes);
  };
  void fetch(view.baseUrl)
    .then((r) => (r.ok ? (r.json() as Promise<BaseMapShapesFile>) : Promise.reject(new Error(String(r.status)))))
    .then((base) => {
      if (destroyed) return;
      lines = {
        land: base.land.map((p) => p.map(boxed)),
        coast: base.coast.map(boxed),
        borders: base.borders.map(boxed),
      };
      drawBase();
      element.dataset.baseMap = "ready";
    })
    .catch(() => {
      // The markers, circle and grid still work; the SVG's figure caption already describes the map.
      element.dataset.baseMap = "failed";
    });
  shapes.addTo(map);

  if (view.tiles) {
    const tiles = L.tileLayer(view.tiles.url, { attribution: escapedText(view.tiles.attribution), maxZoom: 18 });
    const layers = L.control
      .layers(
        { [words?.bundledMap ?? "Bundled map (offline)"]: shapes, [words?.tileMap ?? "Tile map"]: tiles },
        undefined,
        { collapsed: false },
      )
      .addTo(map);
    nameBaseLayerGroup(layers.getContainer(), words?.baseMap);
  }

  // The GeoNames towns, fetched the first time the user zooms in far enough; their names above the base map and
  // below the places (Leaflet's overlays lie at 400, its markers at 600).
  map.createPane(TOWN_NAMES_PANE).style.zIndex = "450";
  const townsLayer = L.layerGroup().addTo(map);
  let towns: Town[] | null = null;
  let townsRequested = false;
  const drawTowns = () => {
    townsLayer.clearLayers();
    const zoom = map.getZoom();
    if (zoom < TOWNS_FROM_ZOOM) return;
    if (!towns) {
      if (!townsRequested) {
        townsRequested = true;
        void fetch(view.townsUrl)
          .then((r) => (r.ok ? (r.json() as Promise<Town[]>) : []))
          .then((all) => {
            towns = all;
            if (!destroyed) drawTowns();
          })
          .catch(() => undefined);
      }
      return;
    }
    const inView = map.getBounds().pad(0.1);
    const shown = towns.filter(([, lat, lon]) => inView.contains([lat, lon])).slice(0, MAX_TOWNS_DRAWN);
    const named = zoom >= TOWN_NAMES_FROM_ZOOM && shown.length <= MAX_TOWN_NAMES;
    for (const [name, lat, lon] of shown) {
      L.circleMarker([lat, lon], {
        renderer: canvas,
        radius: 2,
        color: COLOURS.town,
        weight: 1,
        fillOpacity: 0.6,
        interactive: false,
      }).addTo(townsLayer);
      if (named) {
        // A marker, not a permanent tooltip: Leaflet measures each tooltip it places (a layout per name), and a
        // town's name lies under the places' markers rather than over them.
        const label = document.createElement("span");
        label.className = "geo-town-label";
        label.textContent = name;
        L.marker([lat, lon], {
          icon: L.divIcon({ html: label, className: "geo-town-name", iconSize: undefined }),
          pane: TOWN_NAMES_PANE,
          interactive: false,
          keyboard: false,
        }).addTo(townsLayer);
      }
    }
  };

  // The sheet grid, redrawn for what is in view as the map moves.
  const gridLayer = L.layerGroup();
  let gridOn = options.gridOn && !!options.grid;
  const drawGrid = () => {
    gridLayer.clearLayers();
    if (!gridOn || !options.grid) return;
    const bounds = map.getBounds();
    const box: MapBox = {
      minLat: bounds.getSouth(),
      maxLat: bounds.getNorth(),
      minLon: bounds.getWest(),
      maxLon: bounds.getEast(),
    };
    const detail = box.maxLat - box.minLat < SQUARES_BELOW_DEG ? "squares" : "sheets";
    const cells = options.grid.cellsIn(box, detail);
    let labels = 0;
    for (const cell of cells) {
      const sheet = cell.kind === "sheet";
      L.rectangle(
        [
          [cell.box.minLat, cell.box.minLon],
          [cell.box.maxLat, cell.box.maxLon],
        ],
        {
          renderer: canvas,
          color: COLOURS.grid,
          weight: sheet ? 2 : 0.8,
          opacity: sheet ? 0.9 : 0.6,
          fill: false,
          interactive: false,
        },
      ).addTo(gridLayer);
      if (labels < MAX_GRID_LABELS && (sheet || cells.length <= MAX_GRID_LABELS)) {
        labels++;
        // A sheet is named in the middle of its visible part, a square in its north-west corner.
        const lat = sheet
          ? (Math.min(cell.box.maxLat, box.maxLat) + Math.max(cell.box.minLat, box.minLat)) / 2
          : cell.box.maxLat;
        const lon = sheet
          ? (Math.max(cell.box.minLon, box.minLon) + Math.min(cell.box.maxLon, box.maxLon)) / 2
          : cell.box.minLon;
        L.marker([lat, lon], {
          icon: divLabel(cell.label, sheet ? "geo-grid-label geo-grid-sheet" : "geo-grid-label"),
          interactive: false,
          keyboard: false,
        }).addTo(gridLayer);
      }
    }
  };
  gridLayer.addTo(map);

  // The radius of the search, on the ground.
  if (view.circle) {
    L.circle([view.circle.lat, view.circle.lon], {
      radius: view.circle.km * 1000,
      color: COLOURS.circle,
      weight: 1.5,
      fillOpacity: 0.06,
      interactive: false,
    }).addTo(map);
  }

  drawPlaceMarkers(map, view, { canvas, navigate: options.navigate, words });

  map.on("moveend", () => {
    drawBase();
    drawGrid();
    drawTowns();
  });
  drawGrid();
  drawTowns();
  element.setAttribute("role", "region");
  element.setAttribute(
    "aria-label",
    words
      ? words.keyboard(options.title)
      : `${options.title}. Interactive map: arrow keys pan, plus and minus zoom, Tab reaches the places.`,
  );

  return {
    setGrid(on) {
      gridOn = on && !!options.grid;
      drawGrid();
    },
    destroy() {
      destroyed = true;
      map.remove();
    },
  };
}
