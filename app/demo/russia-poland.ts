import { createRng } from "./prng";
import {
  type Cluster,
  GERMAN_FIRST,
  GERMAN_SECOND,
  type IndexAnchor,
  NOTES,
  anchorKeys,
  indexEntries,
  locatedIn,
  randomPoint,
  withoutDiacritics,
} from "./breyer";
import { mapIndex } from "~/places/indexes";
import type { PlaceInput } from "~/places/spellings";

/**
 * Deterministic demo entries for the Russia-Poland map index: real towns of
 * Congress Poland at their real positions, each filed under its name without
 * diacritics, with the Polish spelling, the Russian name of the time and the
 * German one (and the 1940s German renaming where there was one); then
 * generated villages and colonies, Polish-named with their Russian forms,
 * some of them German foundations. Gubernia and 3-verst sheet follow from the
 * coordinates.
 */

export const RUSSIA_POLAND_SEED = 1867;
const INDEX = mapIndex("russia-poland");

type Town = [plain: string, polish: string, russian: string, lat: number, lon: number, german?: string, later?: string];

const TOWNS: readonly Town[] = [
  ["Lodz", "Łódź", "Лодзь", 51.7592, 19.456, "Lodsch", "Litzmannstadt"],
  ["Kalisz", "Kalisz", "Калиш", 51.7611, 18.091, "Kalisch"],
  ["Plock", "Płock", "Плоцк", 52.5463, 19.7065, "Plozk", "Schröttersburg"],
  ["Warszawa", "Warszawa", "Варшава", 52.2297, 21.0122, "Warschau"],
  ["Wloclawek", "Włocławek", "Влоцлавск", 52.6483, 19.0677, "Leslau"],
  ["Leczyca", "Łęczyca", "Ленчица", 52.0596, 19.1995, "Lentschütz"],
  ["Zgierz", "Zgierz", "Згерж", 51.8555, 19.4063, undefined, "Görnau"],
  ["Pabianice", "Pabianice", "Пабяницы", 51.6645, 19.3547, "Pabianitz"],
  ["Aleksandrow Lodzki", "Aleksandrów Łódzki", "Александров", 51.8194, 19.3039, "Alexandrow", "Wirkheim"],
  ["Ozorkow", "Ozorków", "Озорков", 51.9615, 19.2891, undefined, "Hohenhausen"],
  ["Tomaszow Mazowiecki", "Tomaszów Mazowiecki", "Томашов", 51.5313, 20.0085, "Tomaschow"],
  ["Piotrkow Trybunalski", "Piotrków Trybunalski", "Петроков", 51.4052, 19.703, "Petrikau"],
  ["Zdunska Wola", "Zduńska Wola", "Здуньская Воля", 51.5993, 18.9394],
  ["Czestochowa", "Częstochowa", "Ченстохов", 50.8118, 19.1203, "Tschenstochau"],
  ["Kielce", "Kielce", "Кельцы", 50.8661, 20.6286],
  ["Radom", "Radom", "Радом", 51.4027, 21.1471],
  ["Lublin", "Lublin", "Люблин", 51.2465, 22.5684],
  ["Chelm", "Chełm", "Холм", 51.1431, 23.4716, "Cholm"],
  ["Siedlce", "Siedlce", "Седлец", 52.1676, 22.2902],
  ["Lomza", "Łomża", "Ломжа", 53.1781, 22.059, "Lomscha"],
  ["Suwalki", "Suwałki", "Сувалки", 54.1115, 22.9308, "Suwalken"],
  ["Kutno", "Kutno", "Кутно", 52.2305, 19.3642],
  ["Konin", "Konin", "Конин", 52.223, 18.2511],
  ["Nowosolna", "Nowosolna", "Новосольна", 51.8012, 19.6102, "Neu-Sulzfeld"],
];

const NOTES_BY_TOWN: Readonly<Record<string, string>> = {
  Lodz: "Industrial town; Lutheran parishes of St. Trinitatis, St. Johannis and St. Matthäi.",
  Nowosolna: "Colony founded in 1801 by settlers from Württemberg; Lutheran parish.",
  Warszawa: "Seat of the gubernia and of the Governor-General.",
};

const ANCHORS: readonly IndexAnchor[] = TOWNS.map(([plain, polish, russian, lat, lon, german, later]) => ({
  name: plain,
  lat,
  lon,
  notes: NOTES_BY_TOWN[plain],
  spellings: [
    { kind: "polish" as const, name: polish },
    { kind: "russian" as const, name: russian },
    ...(german ? [{ kind: "german" as const, name: german }] : []),
    ...(later ? [{ kind: "later" as const, name: later }] : []),
  ],
}));

/** Village names of the region with the Russian form the registers of 1868–1917 used. */
const VILLAGES: readonly [polish: string, russian: string][] = [
  ["Józefów", "Юзефов"],
  ["Michałów", "Михалов"],
  ["Ludwików", "Людвиков"],
  ["Janów", "Янов"],
  ["Marianów", "Марьянов"],
  ["Władysławów", "Владиславов"],
  ["Stanisławów", "Станиславов"],
  ["Antoniew", "Антонев"],
  ["Teodorów", "Теодоров"],
  ["Dąbrowa", "Домброва"],
  ["Zawada", "Завада"],
  ["Żabieniec", "Жабенец"],
  ["Olędry", "Оленды"],
  ["Nowa Wieś", "Нова Весь"],
  ["Sokołów", "Соколов"],
  ["Grabina", "Грабина"],
  ["Kępa", "Кемпа"],
  ["Lipiny", "Липины"],
  ["Huta", "Гута"],
  ["Budy", "Буды"],
  ["Rudka", "Рудка"],
  ["Piaski", "Пяски"],
  ["Łaziska", "Лазиска"],
  ["Górki", "Гурки"],
];

const CLUSTERS: readonly Cluster[] = [
  { lat: 51.78, lon: 19.45, spread: 0.6, weight: 3 },
  { lat: 52.5, lon: 19.5, spread: 0.5, weight: 2 },
  { lat: 52.25, lon: 20.9, spread: 0.5, weight: 2 },
  { lat: 51.8, lon: 18.3, spread: 0.4, weight: 1 },
  { lat: 51.2, lon: 23.2, spread: 0.5, weight: 1 },
];

const ANCHOR_KEYS = anchorKeys(ANCHORS);

function generated(seed: number, i: number): PlaceInput {
  const rng = createRng(seed, i + 1);
  const { lat, lon } = randomPoint(rng, CLUSTERS, INDEX.area);
  const [village, russian] = rng.pick(VILLAGES);
  const variant = rng.int(0, 4);
  // Colonies were told apart from the village they were cut from: "Józefów Kolonia", "Колония Юзефов".
  const polish = variant === 0 ? `${village} Kolonia` : variant === 1 ? `${village} Nowy` : village;
  const russianName = variant === 0 ? `Колония ${russian}` : variant === 1 ? `Новый ${russian}` : russian;
  let name = withoutDiacritics(polish);
  if (ANCHOR_KEYS.has(name)) name = `${name} Kolonia`;
  const spellings: PlaceInput["spellings"] = [
    { kind: "polish", name: polish },
    { kind: "russian", name: russianName },
  ];
  if (rng.chance(0.3)) {
    // A German foundation beside the Polish village, known by its own name too.
    spellings.push({ kind: "german", name: `${rng.pick(GERMAN_FIRST)}${rng.pick(GERMAN_SECOND)}` });
  }
  const notes = rng.chance(0.25) ? rng.pick(NOTES) : "";
  const kept = spellings.filter((s) => s.name !== name && !ANCHOR_KEYS.has(s.name));
  return locatedIn(INDEX, { name, spellings: kept, lat, lon, notes });
}

export function generateRussiaPolandPlaces(opts: { count: number; seed?: number }): Generator<PlaceInput> {
  return indexEntries(INDEX, ANCHORS, generated, { count: opts.count, seed: opts.seed ?? RUSSIA_POLAND_SEED });
}
