/** The Breyer map index's names and addresses, shared by server and browser code. */
export const PLACE_SEARCH_PATH = "/breyer/map/search";
export const placePath = (id: number | string) => `/breyer/map/place/${id}`;
export const PLACE_INDEX_TITLE = "Breyer map index";
export const PLACE_INDEX_DESCRIPTION =
  "Villages and colonies on Albert Breyer's 1938 map of German settlements in central Poland: the name on the map, its Polish and other names, the province, the map sheet and grid square — with coordinates, distances and a map.";
