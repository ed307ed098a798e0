import { type BoundingBox, MAP_AREA, PROVINCES, type Province } from "./geo";
import { BREYER_GRID, IMW_100K_GRID, type MapGrid, THREE_VERST_GRID } from "./grids";

/**
 * The place indexes (decision 0016): one module, one set of tables, three
 * maps. Each index has its own addresses, access, provinces, map-coordinate
 * scheme, labels and source; `places.map_index` holds its id. Shared by
 * server and browser code.
 */

export type MapIndexId = "breyer" | "russia-poland" | "ukraine";

export interface MapIndexDef {
  id: MapIndexId;
  title: string;
  /** The menu's label. */
  shortTitle: string;
  description: string;
  access: "public" | "members";
  /** The search is `${basePath}/search`, a place `${basePath}/place/:placeId`. */
  basePath: string;
  /** The results' first column and the place page's first line. */
  nameLabel: string;
  /** The language of the index's own names (for `lang`), and of older and later names. */
  nameLang: string;
  /** The place page's heading over the entry. */
  entryHeading: string;
  provinceLabel: string;
  /** "province", "gubernia": after the name in the place page's lead. */
  provinceNoun: string;
  provinces: readonly Province[];
  grid: MapGrid;
  /** A spelling kind shown in a column of its own (the Russia-Poland index's spelling with diacritics). */
  ownColumn?: { kind: string; label: string };
  /** The source in a citation, after the entry's name and coordinate. */
  source: string;
  /** Where the demo places lie. */
  area: BoundingBox;
}

/** Congress Poland's ten gubernias after 1867, by their Polish names, with their seats. */
const CONGRESS_POLAND_GUBERNIAS: readonly Province[] = [
  { name: "Kalisz", alias: "Калиш", capital: { lat: 51.7611, lon: 18.091 } },
  { name: "Kielce", alias: "Кельцы", capital: { lat: 50.8661, lon: 20.6286 } },
  { name: "Lublin", alias: "Люблин", capital: { lat: 51.2465, lon: 22.5684 } },
  { name: "Łomża", alias: "Ломжа", capital: { lat: 53.1781, lon: 22.059 } },
  { name: "Piotrków", alias: "Петроков", capital: { lat: 51.4052, lon: 19.703 } },
  { name: "Płock", alias: "Плоцк", capital: { lat: 52.5463, lon: 19.7065 } },
  { name: "Radom", alias: "Радом", capital: { lat: 51.4027, lon: 21.1471 } },
  { name: "Siedlce", alias: "Седлец", capital: { lat: 52.1676, lon: 22.2902 } },
  { name: "Suwałki", alias: "Сувалки", capital: { lat: 54.1115, lon: 22.9308 } },
  { name: "Warszawa", alias: "Варшава", capital: { lat: 52.2297, lon: 21.0122 } },
];

/** The south-western gubernias of the Russian Empire, with their seats. */
const SOUTH_WESTERN_GUBERNIAS: readonly Province[] = [
  { name: "Volhynia", alias: "Волынская", capital: { lat: 50.2547, lon: 28.6587 } },
  { name: "Kiev", alias: "Киевская", capital: { lat: 50.4501, lon: 30.5234 } },
  { name: "Podolia", alias: "Подольская", capital: { lat: 48.6845, lon: 26.5856 } },
  { name: "Kherson", alias: "Херсонская", capital: { lat: 46.6354, lon: 32.6169 } },
  { name: "Bessarabia", alias: "Бессарабская", capital: { lat: 47.0105, lon: 28.8638 } },
];

export const MAP_INDEXES: readonly MapIndexDef[] = [
  {
    id: "breyer",
    title: "Breyer map index",
    shortTitle: "Breyer map index",
    description:
      "Villages and colonies on Albert Breyer's 1938 map of German settlements in central Poland: the name on the map, its Polish and other names, the province, the map sheet and grid square — with coordinates, distances and a map.",
    access: "public",
    basePath: "/breyer/map",
    nameLabel: "Name on the map",
    nameLang: "de",
    entryHeading: "What the map says",
    provinceLabel: "Province",
    provinceNoun: "province",
    provinces: PROVINCES,
    grid: BREYER_GRID,
    source: "in Albert Breyer, map of the German settlements in central Poland (1938)",
    area: MAP_AREA,
  },
  {
    id: "russia-poland",
    title: "Russia-Poland map index",
    shortTitle: "Russia-Poland map index",
    description:
      "Towns and villages of Congress Poland under Russian rule: the place, its spelling with Polish diacritics, its Russian and German names, the gubernia and the sheet of the Russian 3-verst (1:126,000) military map it lies on — with coordinates, distances and a map.",
    access: "members",
    basePath: "/members/russia-poland/map",
    nameLabel: "Place",
    nameLang: "pl",
    entryHeading: "What the index says",
    provinceLabel: "Gubernia",
    provinceNoun: "gubernia",
    provinces: CONGRESS_POLAND_GUBERNIAS,
    grid: THREE_VERST_GRID,
    ownColumn: { kind: "polish", label: "Spelling with diacritics" },
    source: "on the Russian military topographic map 1:126,000 (3-verst map)",
    area: { minLat: 50.3, maxLat: 54.4, minLon: 17.7, maxLon: 23.9 },
  },
  {
    id: "ukraine",
    title: "Ukraine map index",
    shortTitle: "Ukraine map index",
    description:
      "Towns, villages and German colonies of Volhynia, Kiev, Podolia, Kherson and Bessarabia: the place, its Ukrainian, Russian, Polish and German names, the gubernia and its 1:100,000 map sheet — with coordinates, distances and a map.",
    access: "members",
    basePath: "/members/ukraine/map",
    nameLabel: "Place",
    nameLang: "uk-Latn",
    entryHeading: "What the index says",
    provinceLabel: "Gubernia",
    provinceNoun: "gubernia",
    provinces: SOUTH_WESTERN_GUBERNIAS,
    grid: IMW_100K_GRID,
    source: "on the 1:100,000 topographic map",
    area: { minLat: 45.6, maxLat: 51.9, minLon: 23.8, maxLon: 32.9 },
  },
];

export const BREYER_INDEX = MAP_INDEXES[0];

export function mapIndex(id: MapIndexId): MapIndexDef {
  return MAP_INDEXES.find((i) => i.id === id)!;
}

export const mapSearchPath = (index: MapIndexDef) => `${index.basePath}/search`;
export const mapPlacePath = (index: MapIndexDef, id: number | string) => `${index.basePath}/place/${id}`;

/** The language of a spelling of a kind, for `lang`. */
export function spellingLang(index: MapIndexDef, kind: string): string {
  const byKind: Record<string, string> = { polish: "pl", german: "de", russian: "ru", ukrainian: "uk" };
  return byKind[kind] ?? index.nameLang;
}
