import type { TileLayerConfig } from "./types.js";

/**
 * The optional tile server (decision 0032): MAP_TILE_URL, a Leaflet URL
 * template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`, and
 * MAP_TILE_ATTRIBUTION, its credit. Unset, maps use only the bundled base map
 * and the CSP allows images from our own origin alone.
 */

export function tileLayerFromEnv(env: Partial<Record<string, string>> = process.env): TileLayerConfig | null {
  const url = env.MAP_TILE_URL?.trim();
  if (!url || !tileOrigin(url)) return null;
  return { url, attribution: env.MAP_TILE_ATTRIBUTION?.trim() || "Map tiles: the site's tile server" };
}

/** The CSP source for a tile URL template ("{s}." subdomains become "*."), or undefined when it is no http(s) URL. */
export function tileOrigin(template: string): string | undefined {
  const m = /^(https?):\/\/((?:\{s\}\.)?[a-z0-9.-]+(?::\d{1,5})?)(?:\/|$)/i.exec(template.trim());
  if (!m) return undefined;
  return `${m[1].toLowerCase()}://${m[2].replace("{s}.", "*.").toLowerCase()}`;
}

/** The img-src sources the tile server needs: none unless MAP_TILE_URL is set. */
export function mapTileOrigins(env: Partial<Record<string, string>> = process.env): string[] {
  const tiles = tileLayerFromEnv(env);
  const origin = tiles && tileOrigin(tiles.url);
  return origin ? [origin] : [];
}
