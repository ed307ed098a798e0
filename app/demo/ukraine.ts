import { createRng } from "./prng";
import {
  type Cluster,
  GERMAN_FIRST,
  GERMAN_SECOND,
  type IndexAnchor,
  anchorKeys,
  indexEntries,
  locatedIn,
  randomPoint,
} from "./breyer";
import { mapIndex } from "~/places/indexes";
import type { PlaceInput } from "~/places/spellings";

/**
 * Deterministic demo entries for the Ukraine map index: real towns of
 * Volhynia, Kiev, Podolia and the Black Sea coast at their real positions,
 * filed under today's romanised Ukrainian name, with the Ukrainian, Russian,
 * Polish and German names and the renamings (Novohrad-Volynskyi is Zviahel
 * again since 2022, Volodymyr-Volynskyi is Volodymyr since 2021); German
 * colonies of the Odesa region under their present names; then generated
 * villages with their colonies. Gubernia and 1:100,000 sheet follow from the
 * coordinates.
 */

export const UKRAINE_SEED = 1926;
const INDEX = mapIndex("ukraine");

const ANCHORS: readonly IndexAnchor[] = [
  {
    name: "Zhytomyr",
    lat: 50.2547,
    lon: 28.6587,
    notes: "Seat of the Volhynian gubernia from 1804; Lutheran parish.",
    spellings: [
      { kind: "ukrainian", name: "Житомир" },
      { kind: "polish", name: "Żytomierz" },
      { kind: "german", name: "Shitomir" },
      { kind: "older", name: "Zhitomir" },
    ],
  },
  {
    name: "Rivne",
    lat: 50.6199,
    lon: 26.2516,
    spellings: [
      { kind: "ukrainian", name: "Рівне" },
      { kind: "russian", name: "Ровно" },
      { kind: "polish", name: "Równe" },
      { kind: "german", name: "Rowno" },
    ],
  },
  {
    name: "Lutsk",
    lat: 50.7472,
    lon: 25.3254,
    spellings: [
      { kind: "ukrainian", name: "Луцьк" },
      { kind: "russian", name: "Луцк" },
      { kind: "polish", name: "Łuck" },
      { kind: "german", name: "Luzk" },
    ],
  },
  {
    name: "Novohrad-Volynskyi",
    lat: 50.5941,
    lon: 27.6165,
    notes: "Called Zviahel before 1795 and again since 2022; Zwiahel to its German colonists.",
    spellings: [
      { kind: "ukrainian", name: "Новоград-Волинський" },
      { kind: "russian", name: "Новоград-Волынский" },
      { kind: "polish", name: "Nowogród Wołyński" },
      { kind: "german", name: "Zwiahel" },
      { kind: "later", name: "Zviahel" },
    ],
  },
  {
    name: "Volodymyr",
    lat: 50.8475,
    lon: 24.3196,
    notes: "Volodymyr-Volynskyi until 2021.",
    spellings: [
      { kind: "ukrainian", name: "Володимир" },
      { kind: "russian", name: "Владимир-Волынский" },
      { kind: "polish", name: "Włodzimierz Wołyński" },
      { kind: "older", name: "Volodymyr-Volynskyi" },
    ],
  },
  {
    name: "Rozhyshche",
    lat: 50.9154,
    lon: 25.2692,
    notes: "Lutheran parish of the Volhynian German colonies.",
    spellings: [
      { kind: "ukrainian", name: "Рожище" },
      { kind: "polish", name: "Rożyszcze" },
      { kind: "german", name: "Roschischtsche" },
    ],
  },
  {
    name: "Kovel",
    lat: 51.2153,
    lon: 24.7111,
    spellings: [
      { kind: "ukrainian", name: "Ковель" },
      { kind: "polish", name: "Kowel" },
    ],
  },
  {
    name: "Dubno",
    lat: 50.4167,
    lon: 25.7347,
    spellings: [{ kind: "ukrainian", name: "Дубно" }],
  },
  {
    name: "Ostroh",
    lat: 50.329,
    lon: 26.5133,
    spellings: [
      { kind: "ukrainian", name: "Острог" },
      { kind: "polish", name: "Ostróg" },
    ],
  },
  {
    name: "Korosten",
    lat: 50.95,
    lon: 28.6333,
    spellings: [
      { kind: "ukrainian", name: "Коростень" },
      { kind: "polish", name: "Korosteń" },
      { kind: "older", name: "Iskorosten" },
    ],
  },
  {
    name: "Berdychiv",
    lat: 49.8939,
    lon: 28.6014,
    spellings: [
      { kind: "ukrainian", name: "Бердичів" },
      { kind: "russian", name: "Бердичев" },
      { kind: "polish", name: "Berdyczów" },
      { kind: "german", name: "Berditschew" },
    ],
  },
  {
    name: "Kyiv",
    lat: 50.4501,
    lon: 30.5234,
    notes: "Seat of the Kiev gubernia.",
    spellings: [
      { kind: "ukrainian", name: "Київ" },
      { kind: "russian", name: "Киев" },
      { kind: "polish", name: "Kijów" },
      { kind: "german", name: "Kiew" },
      { kind: "older", name: "Kiev" },
    ],
  },
  {
    name: "Kamianets-Podilskyi",
    lat: 48.6845,
    lon: 26.5856,
    notes: "Seat of the Podolian gubernia.",
    spellings: [
      { kind: "ukrainian", name: "Кам'янець-Подільський" },
      { kind: "russian", name: "Каменец-Подольский" },
      { kind: "polish", name: "Kamieniec Podolski" },
    ],
  },
  {
    name: "Odesa",
    lat: 46.4825,
    lon: 30.7233,
    notes: "Port city; Lutheran St. Paul's church.",
    spellings: [
      { kind: "ukrainian", name: "Одеса" },
      { kind: "russian", name: "Одесса" },
      { kind: "german", name: "Odessa" },
    ],
  },
  {
    name: "Chornomorka",
    lat: 46.357,
    lon: 30.66,
    notes: "German colony Lustdorf, founded in 1805.",
    spellings: [
      { kind: "ukrainian", name: "Чорноморка" },
      { kind: "russian", name: "Черноморка" },
      { kind: "german", name: "Lustdorf" },
    ],
  },
  {
    name: "Velykodolynske",
    lat: 46.3314,
    lon: 30.5637,
    notes: "German colony Großliebental, founded in 1804.",
    spellings: [
      { kind: "ukrainian", name: "Великодолинське" },
      { kind: "german", name: "Großliebental" },
    ],
  },
  {
    name: "Sarata",
    lat: 46.0172,
    lon: 29.6634,
    notes: "German colony in Bessarabia, founded in 1822.",
    spellings: [{ kind: "ukrainian", name: "Сарата" }],
  },
  {
    name: "Tarutyne",
    lat: 46.1833,
    lon: 29.15,
    notes: "German colony Tarutino in Bessarabia, founded in 1814.",
    spellings: [
      { kind: "ukrainian", name: "Тарутине" },
      { kind: "russian", name: "Тарутино" },
      { kind: "german", name: "Tarutino" },
    ],
  },
];

/** Villages of the region: romanised Ukrainian, Ukrainian, Russian and Polish names. */
const VILLAGES: readonly [latin: string, ukrainian: string, russian: string, polish: string][] = [
  ["Antonivka", "Антонівка", "Антоновка", "Antonówka"],
  ["Mykhailivka", "Михайлівка", "Михайловка", "Michałówka"],
  ["Oleksandrivka", "Олександрівка", "Александровка", "Aleksandrówka"],
  ["Marianivka", "Мар'янівка", "Марьяновка", "Marianówka"],
  ["Yosypivka", "Йосипівка", "Иосиповка", "Józefówka"],
  ["Ivanivka", "Іванівка", "Ивановка", "Iwanówka"],
  ["Petrivka", "Петрівка", "Петровка", "Piotrówka"],
  ["Novoselytsia", "Новоселиця", "Новоселица", "Nowosielica"],
  ["Dubrivka", "Дубрівка", "Дубровка", "Dubrówka"],
  ["Sofiivka", "Софіївка", "Софиевка", "Zofiówka"],
  ["Kamianka", "Кам'янка", "Каменка", "Kamionka"],
  ["Horodok", "Городок", "Городок", "Gródek"],
  ["Zabolottia", "Заболоття", "Заболотье", "Zabłocie"],
  ["Vilkhivka", "Вільхівка", "Ольховка", "Olchówka"],
  ["Berezivka", "Березівка", "Березовка", "Brzozówka"],
  ["Kalynivka", "Калинівка", "Калиновка", "Kalinówka"],
];

const VOLHYNIAN_NOTES = [
  "German colony on leased land, settled from the 1860s.",
  "Lutheran prayer house and school.",
  "Settled from the Lodz and Płock region of Congress Poland.",
  "Colonists deported in 1915; some returned after 1918.",
  "Baptist congregation among the colonists.",
];

const CLUSTERS: readonly Cluster[] = [
  { lat: 50.75, lon: 25.3, spread: 0.5, weight: 3 },
  { lat: 50.5, lon: 27.6, spread: 0.6, weight: 3 },
  { lat: 50.3, lon: 28.7, spread: 0.5, weight: 2 },
  { lat: 46.6, lon: 30.5, spread: 0.5, weight: 2 },
  { lat: 46.1, lon: 29.3, spread: 0.4, weight: 1 },
];

const ANCHOR_KEYS = anchorKeys(ANCHORS);

function generated(seed: number, i: number): PlaceInput {
  const rng = createRng(seed, i + 1);
  const { lat, lon } = randomPoint(rng, CLUSTERS, INDEX.area);
  const [latin, ukrainian, russian, polish] = rng.pick(VILLAGES);
  const colony = rng.chance(0.4);
  let name = colony ? `${latin} Koloniia` : latin;
  if (ANCHOR_KEYS.has(name)) name = `${name} Koloniia`;
  const spellings: PlaceInput["spellings"] = [
    { kind: "ukrainian", name: colony ? `${ukrainian} Колонія` : ukrainian },
    { kind: "russian", name: colony ? `Колония ${russian}` : russian },
    { kind: "polish", name: colony ? `${polish} Kolonia` : polish },
  ];
  // A colony was known to its settlers by a German name of its own.
  if (colony || rng.chance(0.15)) {
    const prefix = rng.int(0, 3);
    const base = `${rng.pick(GERMAN_FIRST)}${rng.pick(GERMAN_SECOND)}`;
    spellings.push({ kind: "german", name: prefix === 0 ? `Neu-${base}` : base });
  }
  const notes = rng.chance(0.3) ? rng.pick(VOLHYNIAN_NOTES) : "";
  const seen = new Set([name]);
  const kept = spellings.filter((s) => !ANCHOR_KEYS.has(s.name) && !seen.has(s.name) && seen.add(s.name));
  return locatedIn(INDEX, { name, spellings: kept, lat, lon, notes });
}

export function generateUkrainePlaces(opts: { count: number; seed?: number }): Generator<PlaceInput> {
  return indexEntries(INDEX, ANCHORS, generated, { count: opts.count, seed: opts.seed ?? UKRAINE_SEED });
}
