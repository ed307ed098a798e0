import { createContext } from "react";
import type { SvgDrawing } from "../types";

/**
 * How the server's render finds a map's SVG drawing (decision 0040). The drawing is not part of the loader data:
 * it would reach the browser twice, once as the SVG in the page and again in the data the page hydrates from,
 * where nothing needs it (with JavaScript, Leaflet draws the map from the points). The loader keeps the drawing on
 * the server under a content hash (`MapView.drawing`, app/maps/drawings.server.ts) and entry.server.tsx provides
 * this lookup to the render; in the browser there is none, and GeoMap keeps the server's SVG as it is.
 */
export const MapDrawings = createContext<((id: string) => SvgDrawing | undefined) | null>(null);
