import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { decodeLine } from "../encoding";
import { controlsFirst, nameBaseLayerGroup } from "./control-order";
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
/** Up to this many points are focusable markers (Tab, Enter opens the popup); more are drawn on a canvas. */
const MAX_FOCUSABLE_MARKERS = 300;
/**
 * A marker's visible dot. Sized through the DOM, not a style attribute in markup: the CSP (style-src-attr 'none')
 * drops those.
 */
function markerDot(diameterPx: number): HTMLElement {
  const dot = document.createElement("span");
  dot.className = "geo-marker-dot";
  dot.style.width = `${diameterPx}px`;
  dot.style.height = `${diameterPx}px`;
  return dot;
}

/** The smallest box of a focusable marker, in CSS pixels (WCAG 2.5.8, target size minimum). */
const MIN_TARGET_PX = 24;
const MAX_GRID_LABELS = 150;
const SQUARES_BELOW_DEG = 3;

const COLOURS = {
  land: "#f4f1e8",
  coast: "#6f8fa8",
  border: "#8c5a7d",
  point: "#1b4d89",
  centre: "#7b2d1a",
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
}

export interface LeafletMapHandle {
  setGrid(on: boolean): void;
  destroy(): void;
}

const toLatLngs = (flat: number[]): L.LatLngTuple[] => decodeLine(flat).map(([lon, lat]) => [lat, lon]);

function popupContent(label: string, href: string, count: number | undefined, navigate: (href: string) => void) {
  const box = document.createElement("div");
  const link = document.createElement("a");
  link.href = href;
  link.textContent = label;
  link.addEventListener("click", (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  });
  box.append(link);
  if (count !== undefined) box.append(` — ${count.toLocaleString("en")}`);
  return box;
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
  map.attributionControl.setPrefix("Leaflet");
  map.attributionControl.addAttribution(BASE_MAP_ATTRIBUTION);
  const canvas = L.canvas({ padding: 0.5 });
  const b = view.bounds;
  map.fitBounds([
    [b.minLat, b.minLon],
    [b.maxLat, b.maxLon],
  ]);

  // The bundled base map: land, coastlines, borders (Natural Earth), fetched from our origin.
  const shapes = L.layerGroup();
  let destroyed = false;
  void fetch(view.baseUrl)
    .then((r) => (r.ok ? (r.json() as Promise<BaseMapShapesFile>) : Promise.reject(new Error(String(r.status)))))
    .then((base) => {
      if (destroyed) return;
      L.polygon(
        base.land.map((polygon) => polygon.map(toLatLngs)),
        { renderer: canvas, stroke: false, fillColor: COLOURS.land, fillOpacity: 1, interactive: false },
      ).addTo(shapes);
      L.polyline(base.coast.map(toLatLngs), {
        renderer: canvas,
        color: COLOURS.coast,
        weight: 1,
        interactive: false,
      }).addTo(shapes);
      L.polyline(base.borders.map(toLatLngs), {
        renderer: canvas,
        color: COLOURS.border,
        weight: 1.5,
        dashArray: "6 3",
        interactive: false,
      }).addTo(shapes);
      element.dataset.baseMap = "ready";
    })
    .catch(() => {
      // The markers, circle and grid still work; the SVG's figure caption already describes the map.
      element.dataset.baseMap = "failed";
    });
  shapes.addTo(map);

  if (view.tiles) {
    const tiles = L.tileLayer(view.tiles.url, { attribution: view.tiles.attribution, maxZoom: 18 });
    const layers = L.control
      .layers({ "Bundled map (offline)": shapes, "Tile map": tiles }, undefined, { collapsed: false })
      .addTo(map);
    nameBaseLayerGroup(layers.getContainer());
  }

  // The GeoNames towns, fetched the first time the user zooms in far enough.
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
    for (const [name, lat, lon] of shown) {
      const dot = L.circleMarker([lat, lon], {
        renderer: canvas,
        radius: 2,
        color: COLOURS.town,
        weight: 1,
        fillOpacity: 0.6,
        interactive: false,
      });
      if (zoom >= TOWN_NAMES_FROM_ZOOM && shown.length <= MAX_TOWN_NAMES) {
        dot.bindTooltip(name, { permanent: true, direction: "right", className: "geo-town-label", offset: [3, 0] });
      }
      dot.addTo(townsLayer);
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

  // The places: focusable markers while few, canvas circles when many (the table stays the content).
  const maxCount = Math.max(1, ...view.points.map((p) => p.count ?? 1));
  const radiusOf = (count: number | undefined, highlight: boolean) =>
    view.sizeByCount ? 3 + 15 * Math.sqrt((count ?? 1) / maxCount) : highlight ? 7 : 5;
  const ordered = [...view.points].sort((a, b) => Number(!!a.highlight) - Number(!!b.highlight));
  const focusable = ordered.length <= MAX_FOCUSABLE_MARKERS;
  for (const p of ordered) {
    const popup = popupContent(p.label, p.href, view.sizeByCount ? p.count : undefined, options.navigate);
    const r = radiusOf(p.count, !!p.highlight);
    if (focusable) {
      const d = Math.round(r * 2);
      // The dot is drawn at its size inside a box a finger can hit (WCAG 2.5.8: 24 × 24 px at the least).
      const box = Math.max(d, MIN_TARGET_PX);
      const marker = L.marker([p.lat, p.lon], {
        icon: L.divIcon({
          className: p.highlight ? "geo-marker geo-marker-centre" : "geo-marker",
          iconSize: [box, box],
          html: markerDot(d),
        }),
        title: p.label,
        alt: p.label,
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: p.highlight ? 1000 : 0,
      });
      marker.bindPopup(popup).addTo(map);
      if (p.highlight) {
        marker.bindTooltip(p.label, {
          permanent: true,
          direction: "right",
          className: "geo-place-label",
          offset: [r, 0],
        });
      }
    } else {
      L.circleMarker([p.lat, p.lon], {
        renderer: canvas,
        radius: r,
        color: "#fff",
        weight: 1,
        fillColor: p.highlight ? COLOURS.centre : COLOURS.point,
        fillOpacity: 0.85,
      })
        .bindPopup(popup)
        .addTo(map);
    }
  }

  map.on("moveend", () => {
    drawGrid();
    drawTowns();
  });
  drawGrid();
  drawTowns();
  element.setAttribute("role", "region");
  element.setAttribute(
    "aria-label",
    `${options.title}. Interactive map: arrow keys pan, plus and minus zoom, Tab reaches the places.`,
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
