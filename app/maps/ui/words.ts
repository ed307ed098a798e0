/**
 * What the interactive map says (its controls, the names of grouped places, its keyboard help), in the reader's
 * language: the page's GeoMap gives them from the `places` catalogs to the Leaflet code, which has no catalogs.
 */
export interface MapWords {
  bundledMap: string;
  tileMap: string;
  baseMap: string;
  zoomIn: string;
  zoomOut: string;
  /** The map's accessible name with how to use it by keyboard. */
  keyboard(title: string): string;
  /** A group of places: "12 places: Michalow, Sulzthal, Grünberg and 9 more". */
  group(count: number, listed: string, more: number): string;
  /** What a group does when chosen: "zoom in", "show the list". */
  zoomHint: string;
  listHint: string;
}
