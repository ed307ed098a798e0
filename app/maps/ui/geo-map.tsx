import { useNavigate } from "@remix-run/react";
import { useContext, useEffect, useId, useRef, useState } from "react";
import { type GridOverlay, type MapView } from "../types";
import type { LeafletMapHandle } from "./leaflet-map.client";
import { MapDrawings } from "./drawings";
import { useTranslation } from "~/i18n/react";
import type { MapWords } from "./words";

/** How near the screen the map starts (decision 0047): a flick of the thumb ahead, so it is drawn when it comes. */
const MAP_START_MARGIN = "50% 0px";

/**
 * A map of places (decision 0032), for any page that shows places.
 *
 * Props:
 * - `view`: what the loader built with `buildMapView` (app/maps/view.server.ts) from
 *   `{ points: {id, lat, lon, label, href, count?, highlight?}[], circle?: {lat, lon, km},
 *   sizeByCount?, grid?, fallbackBounds? }` — the map opens fitted to the points and the circle.
 * - `title`, `description`: the map's accessible name and what its marks mean (the caption).
 * - `grid`: the same GridOverlay the loader passed, when the page offers a sheet grid; a
 *   checkbox switches it on (with CSS alone when there is no JavaScript).
 *
 * Without JavaScript (and until Leaflet has loaded) the server-drawn SVG is the map; then
 * Leaflet, imported here lazily so only map pages load it, and only once the map comes near
 * the screen, replaces it. The page's table of
 * results stays the content: the map repeats it as a picture.
 */
export function GeoMap({
  view,
  title,
  description,
  grid,
  gridLabel,
}: {
  view: MapView;
  title: string;
  description: string;
  grid?: GridOverlay;
  /** The grid's name in the reader's language (the place index's), else the grid's own. */
  gridLabel?: string;
}) {
  const id = useId();
  const { t } = useTranslation("search");
  const words: MapWords = {
    bundledMap: t("geo.bundledMap"),
    tileMap: t("geo.tileMap"),
    baseMap: t("geo.baseMap"),
    zoomIn: t("geo.zoomIn"),
    zoomOut: t("geo.zoomOut"),
    keyboard: (mapTitle) => t("geo.keyboard", { title: mapTitle }),
    group: (count, listed, more) =>
      more > 0 ? t("geo.groupMore", { count, listed, more }) : t("geo.group", { count, listed }),
    zoomHint: t("geo.zoomHint"),
    listHint: t("geo.listHint"),
  };
  const wordsRef = useRef(words);
  wordsRef.current = words;
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const gridId = `${id}-grid`;
  const [gridOn, setGridOn] = useState(false);
  const [interactive, setInteractive] = useState(false);
  const leafletElement = useRef<HTMLDivElement>(null);
  const handle = useRef<LeafletMapHandle | null>(null);
  const navigate = useNavigate();
  const gridOnRef = useRef(gridOn);
  gridOnRef.current = gridOn;

  useEffect(() => {
    let cancelled = false;
    const element = leafletElement.current;
    const figure = element?.closest("figure");
    if (!element || !figure) return;
    const start = () => {
      import("./leaflet-map.client")
        // Running Leaflet's module and drawing the map are two tasks, not one long one that holds the page.
        .then((module) => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 0)))
        .then(({ mountLeafletMap }) => {
          if (cancelled) return;
          // Leaflet measures its container when it starts: it must be showing.
          element.hidden = false;
          handle.current = mountLeafletMap(element, view, {
            title,
            grid,
            gridOn: gridOnRef.current,
            navigate,
            words: wordsRef.current,
          });
          setInteractive(true);
        })
        // Leaflet failed to load (an old build, no network): the SVG stays the map.
        .catch(() => undefined);
    };
    // Leaflet is fetched, run and drawn when the map comes near the screen (decision 0047): a phone that opens a
    // place page sees its table first, and that load does not wait on a map below it.
    const observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((e) => e.isIntersecting)) return;
              observer?.disconnect();
              start();
            },
            { rootMargin: MAP_START_MARGIN },
          )
        : null;
    if (observer) observer.observe(figure);
    else start();
    return () => {
      cancelled = true;
      observer?.disconnect();
      handle.current?.destroy();
      handle.current = null;
      setInteractive(false);
    };
    // A new view (another search) rebuilds the map; the title and navigate of the render that built it are enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  useEffect(() => {
    handle.current?.setGrid(gridOn);
  }, [gridOn]);

  // On the server, the drawing; in the browser, none (app/maps/ui/drawings.ts): the server's SVG stays as it is.
  const svg = useContext(MapDrawings)?.(view.drawing);
  const labelled = !svg ? [] : svg.points.length <= 8 ? svg.points : svg.points.filter((p) => p.highlight);
  return (
    <figure className={`geo-map${interactive ? " geo-map-interactive" : ""}`}>
      {grid && (
        <p className="geo-map-controls">
          <input
            type="checkbox"
            id={gridId}
            className="geo-map-grid-toggle"
            checked={gridOn}
            onChange={(e) => setGridOn(e.target.checked)}
          />{" "}
          <label htmlFor={gridId}>{t("geo.showGrid", { grid: gridLabel ?? grid.label })}</label>
        </p>
      )}
      <div className="geo-map-frame">
        <div ref={leafletElement} className="geo-map-leaflet" hidden={!interactive} />
        {!interactive && !svg && (
          // React leaves a hydrated element's dangerouslySetInnerHTML as the server sent it: the SVG, or nothing
          // after a navigation in the browser (Leaflet draws that map). Keyed by the drawing, so another map's view
          // never shows the SVG of the map before it.
          <div
            key={view.drawing}
            className="geo-map-drawn"
            dangerouslySetInnerHTML={{ __html: "" }}
            suppressHydrationWarning
          />
        )}
        {!interactive && svg && (
          <div key={view.drawing} className="geo-map-drawn">
            <svg
              viewBox={`0 0 ${svg.width} ${svg.height}`}
              role="img"
              aria-labelledby={`${titleId} ${descId}`}
              preserveAspectRatio="xMidYMid meet"
              className="geo-map-svg"
            >
              <title id={titleId}>{title}</title>
              <desc id={descId}>{description}</desc>
              <rect x="0" y="0" width={svg.width} height={svg.height} className="map-sea" />
              <path d={svg.land} className="map-land" fillRule="evenodd" />
              <path d={svg.coast} className="map-coast" />
              <path d={svg.borders} className="map-border" />
              {svg.towns.length > 0 && (
                <g className="map-towns" aria-hidden="true">
                  {svg.towns.map((t) => (
                    <g key={`${t.text}${t.x},${t.y}`}>
                      <rect x={t.x - 1.5} y={t.y - 1.5} width="3" height="3" />
                      <text x={t.x + 4} y={t.y + 3}>
                        {t.text}
                      </text>
                    </g>
                  ))}
                </g>
              )}
              {svg.grid && (
                <g className="map-grid-overlay" aria-hidden="true">
                  <path d={svg.grid.squares} className="map-grid-square" />
                  <path d={svg.grid.sheets} className="map-grid-sheet" />
                  {svg.grid.labels.map((l) => (
                    <text
                      key={`${l.text}${l.x},${l.y}`}
                      x={l.x}
                      y={l.y}
                      className={l.kind === "sheet" ? "map-grid-sheet-label" : undefined}
                    >
                      {l.text}
                    </text>
                  ))}
                </g>
              )}
              {svg.circle && <path d={svg.circle} className="map-radius" aria-hidden="true" />}
              <g className="map-points">
                {svg.points.map((p, i) => (
                  <circle
                    key={i}
                    cx={p.x}
                    cy={p.y}
                    r={p.r}
                    className={p.highlight ? "map-point map-point-centre" : "map-point"}
                  >
                    <title>{p.label}</title>
                  </circle>
                ))}
              </g>
              <g className="map-labels" aria-hidden="true">
                {labelled.map((p, i) => (
                  <text key={i} x={p.x + p.r + 4} y={p.y + 4}>
                    {p.label}
                  </text>
                ))}
              </g>
            </svg>
          </div>
        )}
      </div>
      <figcaption>
        {interactive && <span className="visually-hidden">{title}. </span>}
        {/* GeoNames' CC BY 4.0 asks for the credit under every map. */}
        {description} <small className="geo-map-credit">{t("geo.credit")}</small>
      </figcaption>
    </figure>
  );
}
