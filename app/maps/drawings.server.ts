import { createHash } from "node:crypto";
import type { SvgDrawing } from "./types";

/**
 * The SVG drawings of the maps the loaders built, kept between the loader and the render of the same request
 * (app/maps/ui/drawings.ts says why they are not loader data). Keyed by a hash of the drawing, so the same map gets
 * the same key and the page's ETag (a hash of its loader data) still changes when the drawing does. The render
 * follows its loader within milliseconds: the last DRAWINGS_KEPT drawings are plenty, and a drawing lost to a burst
 * only costs that page its SVG (the table is the content; Leaflet draws the map).
 */
export const DRAWINGS_KEPT = 256;

const drawings = new Map<string, SvgDrawing>();

export function keepDrawing(svg: SvgDrawing): string {
  const id = createHash("sha1").update(JSON.stringify(svg)).digest("base64url").slice(0, 20);
  drawings.delete(id);
  drawings.set(id, svg);
  if (drawings.size > DRAWINGS_KEPT) drawings.delete(drawings.keys().next().value!);
  return id;
}

export function keptDrawing(id: string): SvgDrawing | undefined {
  return drawings.get(id);
}
