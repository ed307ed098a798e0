import { type BoundingBox, type LatLon, nearestProvince } from "~/places/geo";
import { BREYER_INDEX, type MapIndexDef } from "~/places/indexes";
import type { PlaceInput, SpellingKind } from "~/places/spellings";
import { type Rng, createRng } from "./prng";

/**
 * Deterministic demo entries for the Breyer map index: a few real towns at
 * their real positions (with their real changes of name), and generated
 * settlements named the way the German colonies of central Poland were —
 * Hauländer villages after their founders' saints (Josefow, Michalow),
 * German foundations (Neu-Sulzfeld, Königsbach) — each with a Polish form
 * and sometimes an older or later name. Provinces, sheets and squares follow
 * from the coordinates. Entry i of a seed depends only on (seed, i).
 */

export const DEFAULT_PLACE_COUNT = 3000;
export const DEFAULT_PLACE_SEED = 1938;

interface Anchor extends LatLon {
  name: string;
  polish: string;
  older?: string;
  later?: string;
  notes?: string;
}

/** Real towns of the area, placed where they are. */
const ANCHORS: readonly Anchor[] = [
  {
    name: "Lodz",
    polish: "Łódź",
    older: "Lodsch",
    later: "Litzmannstadt",
    lat: 51.7592,
    lon: 19.456,
    notes: "Town; Lutheran parishes of St. Trinitatis, St. Johannis and St. Matthäi.",
  },
  { name: "Pabianitz", polish: "Pabianice", lat: 51.6645, lon: 19.3547, notes: "Town; Lutheran parish." },
  {
    name: "Alexandrow",
    polish: "Aleksandrów Łódzki",
    later: "Wirkheim",
    lat: 51.8194,
    lon: 19.3039,
    notes: "Town founded for German cloth-makers in 1822.",
  },
  { name: "Konstantynow", polish: "Konstantynów Łódzki", later: "Tuchingen", lat: 51.7474, lon: 19.3256 },
  { name: "Zgierz", polish: "Zgierz", later: "Görnau", lat: 51.8555, lon: 19.4063, notes: "Town; Lutheran parish." },
  { name: "Ozorkow", polish: "Ozorków", later: "Hohenhausen", lat: 51.9615, lon: 19.2891 },
  { name: "Brzeziny", polish: "Brzeziny", later: "Löwenstadt", lat: 51.8003, lon: 19.7566 },
  {
    name: "Neu-Sulzfeld",
    polish: "Nowosolna",
    lat: 51.8012,
    lon: 19.6102,
    notes: "Colony founded in 1801 by settlers from Württemberg; Lutheran parish.",
  },
  { name: "Königsbach", polish: "Bukowiec", lat: 51.7157, lon: 19.6452, notes: "Colony founded in 1802." },
  { name: "Tomaschow", polish: "Tomaszów Mazowiecki", lat: 51.5313, lon: 20.0085, notes: "Town; Lutheran parish." },
  { name: "Petrikau", polish: "Piotrków Trybunalski", lat: 51.4052, lon: 19.703, notes: "Seat of the gubernia." },
  { name: "Zdunska Wola", polish: "Zduńska Wola", lat: 51.5993, lon: 18.9394, notes: "Town; Lutheran parish." },
  { name: "Kalisch", polish: "Kalisz", lat: 51.7611, lon: 18.091, notes: "Seat of the gubernia." },
  { name: "Lentschütz", polish: "Łęczyca", lat: 52.0596, lon: 19.1995 },
  { name: "Plock", polish: "Płock", lat: 52.5463, lon: 19.7065, notes: "Seat of the gubernia." },
  { name: "Leslau", polish: "Włocławek", lat: 52.6483, lon: 19.0677 },
  { name: "Warschau", polish: "Warszawa", lat: 52.2297, lon: 21.0122, notes: "Seat of the gubernia." },
  { name: "Radom", polish: "Radom", lat: 51.4027, lon: 21.1471, notes: "Seat of the gubernia." },
  { name: "Lublin", polish: "Lublin", lat: 51.2465, lon: 22.5684, notes: "Seat of the gubernia." },
  { name: "Siedlce", polish: "Siedlce", lat: 52.1676, lon: 22.2902, notes: "Seat of the gubernia." },
];

/** Villages named after a founder or saint: the Polish form, and the map's German-read form. */
const SAINT_NAMES: readonly [polish: string, map: string][] = [
  ["Józefów", "Josefow"],
  ["Michałów", "Michalow"],
  ["Ludwików", "Ludwikow"],
  ["Janów", "Janow"],
  ["Karolew", "Karolew"],
  ["Marianów", "Marianow"],
  ["Władysławów", "Wladyslawow"],
  ["Antoniew", "Antoniew"],
  ["Stanisławów", "Stanislawow"],
  ["Kazimierzów", "Kasimirow"],
  ["Teodorów", "Theodorow"],
  ["Leopoldów", "Leopoldow"],
  ["Emilianów", "Emilianow"],
  ["Helenów", "Helenow"],
  ["Julianów", "Julianow"],
  ["Gustawów", "Gustawow"],
  ["Adamów", "Adamow"],
  ["Franciszków", "Franziskow"],
  ["Zofiówka", "Sofiowka"],
  ["Wiktorów", "Wiktorow"],
  ["Feliksów", "Felixow"],
  ["Augustów", "Augustow"],
  ["Karolina", "Karolina"],
  ["Ignaców", "Ignatzow"],
];

export const GERMAN_FIRST = [
  "Königs",
  "Wilhelms",
  "Friedrichs",
  "Karls",
  "Sulz",
  "Grün",
  "Linden",
  "Eichen",
  "Birken",
  "Tannen",
  "Rosen",
  "Hohen",
  "Schön",
  "Heinrichs",
  "Ludwigs",
  "Georgs",
  "Annen",
  "Hoffnungs",
  "Frieden",
  "Erlen",
];
export const GERMAN_SECOND = [
  "bach",
  "walde",
  "feld",
  "dorf",
  "au",
  "thal",
  "berg",
  "hof",
  "ruh",
  "heim",
  "wiese",
  "hain",
];
/** Polish names the German foundations came to be known by. */
const POLISH_VILLAGES = [
  "Bukowiec",
  "Olechów",
  "Wiśniowa Góra",
  "Zielona Góra",
  "Lipiny",
  "Dąbrowa",
  "Brzozów",
  "Jodłowiec",
  "Różanka",
  "Wysoka",
  "Piękna Góra",
  "Olszynki",
  "Lesznowola",
  "Grabina",
  "Łaznów",
  "Pustkowie",
  "Budy",
  "Huta",
  "Rąbień",
  "Żabieniec",
  "Sokolniki",
  "Wola Rakowa",
  "Nowe Wrzosy",
  "Kępa",
];
export const NOTES = [
  "Hauländer colony on leased forest land.",
  "Lutheran school and prayer house (Bethaus).",
  "Settled from Pomerania and Brandenburg.",
  "Settled from Württemberg.",
  "Mennonite families among the settlers.",
  "Belonged to the Lutheran parish of the nearest town.",
  "Colony divided into two parts on the map.",
  "Cantor's school; cemetery survives.",
];

/** Clusters of settlement: most colonies lay around Lodz and along the Vistula. */
const CLUSTERS: readonly Cluster[] = [
  { lat: 51.78, lon: 19.45, spread: 0.7, weight: 3 },
  { lat: 52.45, lon: 19.4, spread: 0.6, weight: 2 },
  { lat: 52.25, lon: 20.7, spread: 0.6, weight: 2 },
  { lat: 51.3, lon: 21.8, spread: 0.6, weight: 1 },
];

export type Cluster = LatLon & { spread: number; weight: number };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round4 = (v: number) => Math.round(v * 10000) / 10000;

const clusterWeights = new WeakMap<readonly Cluster[], number[]>();

/** A position: 40 % near a cluster's centre, the rest anywhere in the area, rounded to 4 decimals. */
export function randomPoint(rng: Rng, clusters: readonly Cluster[], area: BoundingBox): LatLon {
  let lat: number;
  let lon: number;
  if (rng.chance(0.4)) {
    let weights = clusterWeights.get(clusters);
    if (!weights) clusterWeights.set(clusters, (weights = clusters.map((k) => k.weight)));
    const c = rng.weightedPick(clusters, weights);
    // Sum of uniforms: a cheap bell shape around the cluster's centre.
    lat = c.lat + (rng.next() + rng.next() + rng.next() - 1.5) * c.spread;
    lon = c.lon + (rng.next() + rng.next() + rng.next() - 1.5) * c.spread * 1.6;
  } else {
    lat = area.minLat + rng.next() * (area.maxLat - area.minLat);
    lon = area.minLon + rng.next() * (area.maxLon - area.minLon);
  }
  return {
    lat: round4(clamp(lat, area.minLat + 0.01, area.maxLat - 0.01)),
    lon: round4(clamp(lon, area.minLon + 0.01, area.maxLon - 0.01)),
  };
}

/** An entry with the province and map coordinate its position gives it in an index. */
export function locatedIn(index: MapIndexDef, p: Omit<PlaceInput, "province" | "sheet" | "square">): PlaceInput {
  const grid = index.grid.locate(p)!;
  return { ...p, province: nearestProvince(p, index.provinces).name, ...grid };
}

const BREYER_ANCHORS: readonly IndexAnchor[] = ANCHORS.map((a) => ({
  name: a.name,
  lat: a.lat,
  lon: a.lon,
  notes: a.notes,
  spellings: [
    { kind: "polish" as const, name: a.polish },
    ...(a.older ? [{ kind: "older" as const, name: a.older }] : []),
    ...(a.later ? [{ kind: "later" as const, name: a.later }] : []),
  ],
}));

const ANCHOR_KEYS = anchorKeys(BREYER_ANCHORS);

function generatedPlace(seed: number, i: number): PlaceInput {
  const rng = createRng(seed, i + 1);
  const { lat, lon } = randomPoint(rng, CLUSTERS, BREYER_INDEX.area);

  const spellings: PlaceInput["spellings"] = [];
  let name: string;
  if (rng.chance(0.55)) {
    // A Hauländer village with a Polish founder's name, German-read on the map.
    const [polish, map] = rng.pick(SAINT_NAMES);
    const variant = rng.int(0, 5);
    if (variant === 0) {
      name = `Neu-${map}`;
      spellings.push({ kind: "polish", name: `${polish} Nowy` });
    } else if (variant === 1) {
      name = `Kolonie ${map}`;
      spellings.push({ kind: "polish", name: `${polish} Kolonia` });
    } else {
      name = map;
      spellings.push({ kind: "polish", name: polish });
    }
    if (rng.chance(0.2)) spellings.push({ kind: "later", name: `${map.replace(/ow$|ew$|owka$|a$/, "")}sdorf` });
  } else {
    // A German foundation, known to Polish neighbours by a Polish name.
    const base = `${rng.pick(GERMAN_FIRST)}${rng.pick(GERMAN_SECOND)}`;
    const prefix = rng.int(0, 6);
    name = prefix === 0 ? `Neu-${base}` : prefix === 1 ? `Alt-${base}` : base;
    const polish = rng.pick(POLISH_VILLAGES);
    spellings.push({ kind: "polish", name: prefix === 0 ? `${polish} Nowa` : polish });
    if (rng.chance(0.25)) spellings.push({ kind: "older", name: `${polish} ${rng.pick(["Olędry", "Holendry"])}` });
  }
  // Never share a spelling with the real towns, so that those stay unambiguous.
  if (ANCHOR_KEYS.has(name)) name = `${name} Kolonie`;
  const kept = spellings.filter((s) => s.name !== name && !ANCHOR_KEYS.has(s.name));
  const notes = rng.chance(0.3) ? rng.pick(NOTES) : "";
  return locatedIn(BREYER_INDEX, { name, spellings: kept, lat, lon, notes });
}

/** count entries (the real towns first, then generated settlements). */
export function generatePlaces(opts: { count: number; seed?: number }): Generator<PlaceInput> {
  return indexEntries(BREYER_INDEX, BREYER_ANCHORS, generatedPlace, {
    count: opts.count,
    seed: opts.seed ?? DEFAULT_PLACE_SEED,
  });
}

/** A real town of an index, with its spellings; repeated spellings and the name itself are left out. */
export interface IndexAnchor extends LatLon {
  name: string;
  spellings: { kind: SpellingKind; name: string }[];
  notes?: string;
}

export function anchorEntry(index: MapIndexDef, a: IndexAnchor): PlaceInput {
  const seen = new Set([a.name]);
  const spellings = a.spellings.filter((s) => !seen.has(s.name) && seen.add(s.name));
  return locatedIn(index, { name: a.name, spellings, lat: a.lat, lon: a.lon, notes: a.notes ?? "" });
}

/** Every spelling of some anchors: generated places never take one, so that the real towns stay unambiguous. */
export function anchorKeys(anchors: readonly IndexAnchor[]): Set<string> {
  return new Set(anchors.flatMap((a) => [a.name, ...a.spellings.map((s) => s.name)]));
}

/** count entries of an index: its real towns first, then generated ones (entry i of a seed depends only on seed and i). */
export function* indexEntries(
  index: MapIndexDef,
  anchors: readonly IndexAnchor[],
  generated: (seed: number, i: number) => PlaceInput,
  opts: { count: number; seed: number },
): Generator<PlaceInput> {
  let n = 0;
  for (const a of anchors) {
    if (n++ >= opts.count) return;
    yield anchorEntry(index, a);
  }
  for (let i = 0; n < opts.count; i++, n++) yield generated(opts.seed, i);
}

/** Łódź → Lodz: the plain spelling an index without diacritics files a Polish name under. */
export function withoutDiacritics(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/Ł/g, "L");
}
