// Lutheran parishes whose duplicate registers went to the St. Petersburg
// consistory, with towns and colonies of their areas, for the demo records.
//
// Names follow the German spelling the pastors used in the registers
// (Shitomir, Roshischtsche, Nowograd-Wolynsk); `modern` gives today's official
// name where the place still exists, so the gazetteer can tie the two
// together. Coordinates are rounded to two decimals (about 1 km); those of
// small colonies are approximate, placed in the right area rather than on the
// exact spot.
//
// The demo attributes places to these parishes for the whole of 1833–1885,
// although several Volhynian parishes were only split off from Shitomir
// (1801) later — Roshischtsche 1862, Heimtal 1869, Tutschin 1888,
// Nowograd-Wolynsk 1889, Wladimir-Wolynsk 1891 — so that every parish has
// records to search.

export type Governorate =
  "Volhynia" | "Kiev" | "Podolia" | "Chernigov" | "Poltava" | "Mogilev" | "Minsk" | "Novgorod" | "Pskov" | "Tver";

export interface Place {
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
  /** Today's name, where it differs from the register spelling. */
  readonly modern?: string;
}

export interface Parish {
  /** Parish name as the registers spell it. */
  readonly name: string;
  readonly governorate: Governorate;
  /** Relative share of the demo records (Volhynian parishes dominate). */
  readonly weight: number;
  /** The parish seat first, then villages, colonies and towns of its area. */
  readonly places: readonly Place[];
}

const p = (name: string, lat: number, lon: number, modern?: string): Place =>
  modern && modern !== name ? { name, lat, lon, modern } : { name, lat, lon };

export const PARISHES: readonly Parish[] = [
  // Volhynia
  {
    name: "Shitomir",
    governorate: "Volhynia",
    weight: 14,
    places: [
      p("Shitomir", 50.25, 28.66, "Zhytomyr"),
      p("Berditschew", 49.9, 28.6, "Berdychiv"),
      p("Tschudnow", 50.05, 28.11, "Chudniv"),
      p("Trojanow", 50.03, 28.9, "Troyaniv"),
      p("Ljubar", 49.92, 27.74, "Liubar"),
      p("Alt-Konstantinow", 49.76, 27.21, "Starokostiantyniv"),
    ],
  },
  {
    name: "Heimtal",
    governorate: "Volhynia",
    weight: 9,
    places: [
      p("Heimtal", 50.36, 28.46),
      p("Pulin", 50.47, 28.42, "Pulyny"),
      p("Tscherniachow", 50.46, 28.67, "Cherniakhiv"),
      p("Horoschki", 50.6, 28.47, "Khoroshiv"),
    ],
  },
  {
    name: "Roshischtsche",
    governorate: "Volhynia",
    weight: 12,
    places: [
      p("Roshischtsche", 50.92, 25.27, "Rozhyshche"),
      p("Welnianka", 50.97, 25.36),
      p("Kiwerzy", 50.83, 25.46, "Kivertsi"),
      p("Kolki", 51.1, 25.68, "Kolky"),
      p("Olganowka", 50.95, 25.42),
      p("Tarnowola", 50.99, 25.22),
    ],
  },
  {
    name: "Luzk",
    governorate: "Volhynia",
    weight: 6,
    places: [
      p("Luzk", 50.75, 25.34, "Lutsk"),
      p("Olyka", 50.72, 25.81, "Olyka"),
      p("Tortschin", 50.77, 25.0, "Torchyn"),
      p("Königsdorf", 50.8, 24.95),
      p("Neudorf", 50.74, 25.05),
    ],
  },
  {
    name: "Wladimir-Wolynsk",
    governorate: "Volhynia",
    weight: 5,
    places: [
      p("Wladimir-Wolynsk", 50.85, 24.32, "Volodymyr"),
      p("Ustilug", 50.86, 24.15, "Ustyluh"),
      p("Zaturzy", 50.79, 24.82, "Zaturtsi"),
      p("Wincentow", 50.87, 24.55),
      p("Iwanitschi", 50.64, 24.36, "Ivanychi"),
    ],
  },
  {
    name: "Kowel",
    governorate: "Volhynia",
    weight: 3,
    places: [
      p("Kowel", 51.21, 24.71, "Kovel"),
      p("Turijsk", 51.09, 24.53, "Turiisk"),
      p("Ratno", 51.67, 24.52, "Ratne"),
      p("Luboml", 51.23, 24.04, "Liuboml"),
      p("Holoby", 51.08, 25.0, "Holoby"),
    ],
  },
  {
    name: "Rowno",
    governorate: "Volhynia",
    weight: 5,
    places: [
      p("Rowno", 50.62, 26.25, "Rivne"),
      p("Klewan", 50.74, 25.98, "Klevan"),
      p("Alexandria", 50.73, 26.37, "Oleksandriia"),
      p("Sdolbunow", 50.52, 26.24, "Zdolbuniv"),
      p("Mysotsch", 50.4, 26.12),
    ],
  },
  {
    name: "Dubno",
    governorate: "Volhynia",
    weight: 3,
    places: [
      p("Dubno", 50.42, 25.75, "Dubno"),
      p("Mlinow", 50.51, 25.61, "Mlyniv"),
      p("Radziwilow", 50.13, 25.25, "Radyvyliv"),
      p("Werba", 50.27, 25.6, "Verba"),
    ],
  },
  {
    name: "Ostrog",
    governorate: "Volhynia",
    weight: 2,
    places: [
      p("Ostrog", 50.33, 26.52, "Ostroh"),
      p("Karolswalde", 50.3, 26.52),
      p("Saslaw", 50.12, 26.8, "Iziaslav"),
      p("Slawuta", 50.3, 26.87, "Slavuta"),
      p("Schepetowka", 50.18, 27.06, "Shepetivka"),
    ],
  },
  {
    name: "Tutschin",
    governorate: "Volhynia",
    weight: 5,
    places: [
      p("Tutschin", 50.7, 26.56, "Tuchyn"),
      p("Kostopol", 50.88, 26.45, "Kostopil"),
      p("Hoschtscha", 50.6, 26.67, "Hoshcha"),
      p("Beresno", 51.0, 26.75, "Berezne"),
    ],
  },
  {
    name: "Nowograd-Wolynsk",
    governorate: "Volhynia",
    weight: 6,
    places: [
      p("Nowograd-Wolynsk", 50.59, 27.62, "Zviahel"),
      p("Annette", 50.62, 27.72),
      p("Korez", 50.62, 27.16, "Korets"),
      p("Baranowka", 50.3, 27.67, "Baranivka"),
      p("Gorodniza", 50.81, 27.32, "Horodnytsia"),
    ],
  },
  {
    name: "Emiltschin",
    governorate: "Volhynia",
    weight: 4,
    places: [
      p("Emiltschin", 50.87, 27.81, "Yemilchyne"),
      p("Olewsk", 51.22, 27.65, "Olevsk"),
      p("Iskorost", 50.95, 28.64, "Korosten"),
      p("Ushomir", 50.84, 28.45, "Ushomyr"),
      p("Sergejewka", 50.9, 27.92),
    ],
  },
  {
    name: "Josefin",
    governorate: "Volhynia",
    weight: 3,
    places: [
      p("Josefin", 50.66, 27.75),
      p("Makowez", 50.68, 27.94),
      p("Krasilowka", 50.72, 27.84),
      p("Segenstal", 50.55, 27.86),
    ],
  },
  // Kiev
  {
    name: "Kiew St. Katharina",
    governorate: "Kiev",
    weight: 4,
    places: [
      p("Kiew", 50.45, 30.52, "Kyiv"),
      p("Wasilkow", 50.18, 30.32, "Vasylkiv"),
      p("Bjelaja Zerkow", 49.8, 30.11, "Bila Tserkva"),
      p("Fastow", 50.08, 29.92, "Fastiv"),
      p("Uman", 48.75, 30.22, "Uman"),
    ],
  },
  {
    name: "Radomyschl",
    governorate: "Kiev",
    weight: 3,
    places: [
      p("Radomyschl", 50.5, 29.23, "Radomyshl"),
      p("Korostyschew", 50.32, 29.06, "Korostyshiv"),
      p("Brussilow", 50.28, 29.52, "Brusyliv"),
      p("Malin", 50.77, 29.24, "Malyn"),
      p("Skwira", 49.73, 29.67, "Skvyra"),
    ],
  },
  // Podolia
  {
    name: "Kamenez-Podolsk",
    governorate: "Podolia",
    weight: 2,
    places: [
      p("Kamenez-Podolsk", 48.68, 26.58, "Kamianets-Podilskyi"),
      p("Proskurow", 49.42, 26.98, "Khmelnytskyi"),
      p("Letitschew", 49.38, 27.62, "Letychiv"),
      p("Mohilew-Podolsk", 48.45, 27.8, "Mohyliv-Podilskyi"),
    ],
  },
  {
    name: "Dunajewzy",
    governorate: "Podolia",
    weight: 1.5,
    places: [
      p("Dunajewzy", 48.89, 26.86, "Dunaivtsi"),
      p("Neu-Uschiza", 48.83, 27.27, "Nova Ushytsia"),
      p("Minkowzy", 48.85, 27.1, "Minkivtsi"),
      p("Solobkowzy", 49.06, 26.82, "Solobkivtsi"),
    ],
  },
  {
    name: "Nemirow",
    governorate: "Podolia",
    weight: 1.5,
    places: [
      p("Nemirow", 48.97, 28.84, "Nemyriv"),
      p("Bratslaw", 48.82, 28.94, "Bratslav"),
      p("Tultschin", 48.68, 28.85, "Tulchyn"),
      p("Gaissin", 48.81, 29.39, "Haisyn"),
    ],
  },
  {
    name: "Winniza",
    governorate: "Podolia",
    weight: 1.5,
    places: [
      p("Winniza", 49.23, 28.47, "Vinnytsia"),
      p("Litin", 49.33, 28.09, "Lityn"),
      p("Chmelnik", 49.56, 27.96, "Khmilnyk"),
      p("Kalinowka", 49.45, 28.52, "Kalynivka"),
    ],
  },
  // Other governorates of the consistory district
  {
    name: "Tschernigow",
    governorate: "Chernigov",
    weight: 1,
    places: [
      p("Tschernigow", 51.5, 31.29, "Chernihiv"),
      p("Neshin", 51.05, 31.89, "Nizhyn"),
      p("Borsna", 51.25, 32.42, "Borzna"),
      p("Gorodnja", 51.89, 31.6, "Horodnia"),
    ],
  },
  {
    name: "Poltawa",
    governorate: "Poltava",
    weight: 1,
    places: [
      p("Poltawa", 49.59, 34.55, "Poltava"),
      p("Krementschug", 49.07, 33.42, "Kremenchuk"),
      p("Lubny", 50.02, 33.0, "Lubny"),
      p("Romny", 50.75, 33.47, "Romny"),
    ],
  },
  {
    name: "Mohilew",
    governorate: "Mogilev",
    weight: 1,
    places: [
      p("Mohilew", 53.9, 30.33, "Mogilev"),
      p("Orscha", 54.51, 30.41, "Orsha"),
      p("Gomel", 52.44, 30.98, "Gomel"),
      p("Rogatschew", 53.09, 30.05, "Rogachev"),
    ],
  },
  {
    name: "Minsk",
    governorate: "Minsk",
    weight: 1,
    places: [
      p("Minsk", 53.9, 27.56, "Minsk"),
      p("Sluzk", 53.03, 27.55, "Slutsk"),
      p("Bobruisk", 53.14, 29.22, "Babruysk"),
      p("Borissow", 54.23, 28.5, "Barysaw"),
      p("Pinsk", 52.11, 26.1, "Pinsk"),
    ],
  },
  {
    name: "Nowgorod",
    governorate: "Novgorod",
    weight: 0.8,
    places: [
      p("Nowgorod", 58.52, 31.27, "Veliky Novgorod"),
      p("Staraja Russa", 57.99, 31.35, "Staraya Russa"),
      p("Tichwin", 59.64, 33.51, "Tikhvin"),
      p("Borowitschi", 58.39, 33.92, "Borovichi"),
    ],
  },
  {
    name: "Pskow",
    governorate: "Pskov",
    weight: 0.8,
    places: [
      p("Pskow", 57.82, 28.33, "Pskov"),
      p("Ostrow", 57.34, 28.35, "Ostrov"),
      p("Porchow", 57.77, 29.56, "Porkhov"),
      p("Welikije Luki", 56.34, 30.53, "Velikiye Luki"),
    ],
  },
  {
    name: "Twer",
    governorate: "Tver",
    weight: 0.6,
    places: [
      p("Twer", 56.86, 35.9, "Tver"),
      p("Torshok", 57.04, 34.96, "Torzhok"),
      p("Wyschni Wolotschok", 57.59, 34.56, "Vyshny Volochyok"),
      p("Rshew", 56.26, 34.33, "Rzhev"),
    ],
  },
];

/** Parish names as they appear in the records' `parish` field. */
export const PARISH_NAMES: readonly string[] = PARISHES.map((parish) => parish.name);
