/**
 * Cross-language given-name equivalents.
 *
 * One person is Johann in a German family bible, Jan in a Polish civil act,
 * Иван in a Russian consistory duplicate and Joannes in a Latin baptism, so
 * a given-name search has to treat these as one name. Each group lists, where
 * they exist, the German, Polish, Russian (transliterated), Ukrainian
 * (transliterated) and Latin forms, then diminutives and spellings
 * genealogists meet in the registers.
 *
 * Russian and Ukrainian forms are spelled as transliterateCyrillic renders the
 * Cyrillic, so that Иван or Вильгельм typed in Cyrillic finds its group. A
 * Ukrainian name with none of і ї є ґ reads the Russian way (Микола → Mikola),
 * so those readings are listed beside the official Ukrainian romanisation.
 */

import { foldName, nameTokens, nameWords } from "./normalize";
import { transliterationKeys } from "./transliteration";

export interface GivenNameGroup {
  readonly id: string;
  readonly sex: "m" | "f";
  readonly names: readonly string[];
}

function m(id: string, ...names: string[]): GivenNameGroup {
  return { id, sex: "m", names };
}

function f(id: string, ...names: string[]): GivenNameGroup {
  return { id, sex: "f", names };
}

// One group per line reads as a table; Prettier would put every name on its own line.
// prettier-ignore
export const GIVEN_NAME_GROUPS: readonly GivenNameGroup[] = [
  // Male
  m("johann", "Johann", "Johannes", "Johan", "Hans", "Hannes", "Jan", "Janek", "Jaś", "Ivan", "Iwan", "Iogann", "Ioann", "Joannes", "Ioannes", "Iohannes", "Vanya"),
  m("gottlieb", "Gottlieb", "Gotlieb", "Gottlib", "Gotlib", "Bogumił", "Bohumil", "Theophilus"),
  m("theophil", "Theophil", "Teofil", "Feofil", "Theophilus"),
  m("wilhelm", "Wilhelm", "Willi", "Willy", "Wilm", "Vil'gel'm", "Wilgelm", "Vilhelm", "Guilelmus", "Guillelmus", "Wilhelmus"),
  m("friedrich", "Friedrich", "Friderich", "Fritz", "Fryderyk", "Fryc", "Fridrikh", "Fridrich", "Fridericus", "Fredericus"),
  m("karl", "Karl", "Carl", "Karol", "Karel", "Carolus", "Karolus"),
  m("heinrich", "Heinrich", "Hinrich", "Heinz", "Henryk", "Genrikh", "Henrikh", "Henricus"),
  m("gottfried", "Gottfried", "Gotfried", "Gotfryd", "Gotfrid", "Godefridus", "Gottfridus", "Godofredus"),
  m("christian", "Christian", "Krystian", "Khristian", "Kristian", "Christianus"),
  m("christoph", "Christoph", "Christof", "Krzysztof", "Khristofor", "Christophorus", "Stoffel"),
  m("daniel", "Daniel", "Daniil", "Danila", "Danylo", "Danilo"),
  m("david", "David", "Dawid", "Davyd"),
  m("michael", "Michael", "Michel", "Mikhail", "Michail", "Mykhaylo", "Mikhaylo", "Mychajlo", "Misha"),
  m("peter", "Peter", "Piotr", "Pyotr", "Petr", "Petro", "Petrus", "Pietrek"),
  m("paul", "Paul", "Paweł", "Pavel", "Pavlo", "Paulus"),
  m("jakob", "Jakob", "Jacob", "Jakub", "Yakov", "Jakow", "Yakiv", "Jacobus"),
  m("andreas", "Andreas", "Andrzej", "Andrey", "Andrei", "Andrej", "Andriy", "Andrij"),
  m("martin", "Martin", "Marcin", "Martyn", "Martinus"),
  m("georg", "Georg", "Jörg", "Jürgen", "Jerzy", "Georgiy", "Yegor", "Egor", "Yuriy", "Yuri", "Jurij", "Heorhiy", "Georgius"),
  m("august", "August", "Augustus", "Avgust"),
  m("augustin", "Augustin", "Augustyn", "Avgustin", "Augustinus"),
  m("adam", "Adam", "Adamus"),
  m("adolf", "Adolf", "Adolph", "Adolphus"),
  m("albert", "Albert", "Albertus", "Albrecht", "Olbracht", "Adalbert", "Adalbertus", "Wojciech", "Voytsekh"),
  m("alexander", "Alexander", "Aleksander", "Aleksandr", "Oleksandr", "Sascha", "Sasha", "Olek"),
  m("anton", "Anton", "Antoni", "Antoniy", "Antin", "Antonius", "Antek"),
  m("benjamin", "Benjamin", "Beniamin", "Veniamin", "Benjaminus"),
  m("bernhard", "Bernhard", "Bernard", "Bernardus", "Bernd"),
  m("eduard", "Eduard", "Edward", "Eduardus"),
  m("emil", "Emil", "Emilius", "Aemilius"),
  m("ernst", "Ernst", "Ernest", "Ernestus"),
  m("ferdinand", "Ferdinand", "Ferdynand", "Ferdinandus"),
  m("franz", "Franz", "Franciszek", "Franek", "Frantsisk", "Frants", "František", "Franciscus"),
  m("gustav", "Gustav", "Gustaw", "Gustaf", "Gustavus"),
  m("hermann", "Hermann", "Herman", "German", "Hermannus"),
  m("joseph", "Joseph", "Josef", "Józef", "Józek", "Iosif", "Osip", "Yosyp", "Yosip", "Josephus", "Sepp"),
  m("julius", "Julius", "Juliusz", "Yuliy", "Iulius"),
  m("konrad", "Konrad", "Conrad", "Kondrat", "Conradus", "Kurt"),
  m("ludwig", "Ludwig", "Ludwik", "Lyudvig", "Ludovicus", "Lutz", "Louis"),
  m("matthias", "Matthias", "Mathias", "Matthis", "Maciej", "Matfiy", "Matias", "Matvey", "Matwiej", "Matwej"),
  m("matthaeus", "Matthäus", "Mateusz", "Matvey", "Matfey", "Matviy"),
  m("nikolaus", "Nikolaus", "Nicolaus", "Niklas", "Klaus", "Claus", "Mikołaj", "Nikolay", "Nikolai", "Mykola", "Mikola", "Kolya"),
  m("otto", "Otto", "Otton", "Otho"),
  m("philipp", "Philipp", "Philip", "Filip", "Filipp", "Pylyp", "Pilip", "Philippus"),
  m("reinhold", "Reinhold", "Reingold", "Reyngold", "Reinholdus", "Rajnhold", "Reinholt"),
  m("robert", "Robert", "Robertus"),
  m("rudolf", "Rudolf", "Rudolph", "Rudolphus"),
  m("samuel", "Samuel", "Samuil"),
  m("simon", "Simon", "Szymon", "Semyon", "Semen", "Symon", "Simeon"),
  m("stephan", "Stephan", "Stefan", "Steffen", "Szczepan", "Stepan", "Stephanus"),
  m("theodor", "Theodor", "Teodor", "Fyodor", "Fedor", "Feodor", "Fedir", "Theodorus"),
  m("thomas", "Thomas", "Tomasz", "Foma", "Khoma", "Tomas", "Thomasius"),
  m("valentin", "Valentin", "Walentin", "Walenty", "Walentyn", "Valentyn", "Valentinus"),
  m("wenzel", "Wenzel", "Wacław", "Vatslav", "Václav", "Wenceslaus", "Venceslaus"),
  m("wolfgang", "Wolfgang", "Wolfgangus"),
  m("lorenz", "Lorenz", "Lorentz", "Wawrzyniec", "Lavrentiy", "Lavrin", "Laurentius"),
  m("leonhard", "Leonhard", "Leonard", "Leonardus"),
  m("leopold", "Leopold", "Leopoldus"),
  m("gregor", "Gregor", "Grzegorz", "Grigoriy", "Grigorij", "Hryhoriy", "Hryhorij", "Gregorius"),
  m("bartholomaeus", "Bartholomäus", "Bartholomeus", "Bartłomiej", "Bartosz", "Bartek", "Varfolomey", "Bartel"),
  m("benedikt", "Benedikt", "Benedykt", "Venedikt", "Benedictus"),
  m("dominik", "Dominik", "Dominicus"),
  m("kasimir", "Kasimir", "Kazimierz", "Kazimir", "Casimirus"),
  m("stanislaus", "Stanislaus", "Stanisław", "Stanislav"),
  m("ignatz", "Ignatz", "Ignaz", "Ignacy", "Ignatiy", "Ignatius"),
  m("ambrosius", "Ambrosius", "Ambroży", "Amvrosiy"),
  m("jeremias", "Jeremias", "Jeremiasz", "Yeremey", "Ieremiya"),
  m("elias", "Elias", "Eliasz", "Ilya", "Illya", "Ilja"),
  m("abraham", "Abraham", "Abram", "Avraam", "Abrahamus"),
  m("isaak", "Isaak", "Isaac", "Izaak"),
  m("jonas", "Jonas", "Jonasz", "Iona"),
  m("tobias", "Tobias", "Tobiasz", "Toviya"),
  m("emanuel", "Emanuel", "Emmanuel", "Immanuel", "Emanuil", "Emmanuil"),
  m("julian", "Julian", "Yulian", "Julianus"),
  m("kornelius", "Kornelius", "Cornelius", "Korneliusz", "Korniliy", "Korniy"),
  m("leon", "Leon", "Leo", "Lev", "Lew"),
  m("lukas", "Lukas", "Lucas", "Łukasz", "Luka"),
  m("markus", "Markus", "Marcus", "Marek", "Mark", "Marko"),
  m("melchior", "Melchior", "Melkhior"),
  m("oskar", "Oskar", "Oscar", "Oscarus"),
  m("richard", "Richard", "Ryszard", "Rikhard", "Ricardus", "Richardus"),
  m("roman", "Roman", "Romanus"),
  m("siegmund", "Siegmund", "Sigmund", "Sigismund", "Zygmunt", "Zigmund", "Sigismundus"),
  m("thaddaeus", "Thaddäus", "Tadeusz", "Faddey", "Tadey"),
  m("vinzenz", "Vinzenz", "Wincenty", "Vikentiy", "Vincentius"),
  m("wladyslaw", "Władysław", "Vladislav", "Ladislaus", "Wladislaus"),
  m("zacharias", "Zacharias", "Zachariasz", "Zakhar", "Zakhariy", "Zakhariya", "Zachariya"),
  m("artur", "Arthur", "Artur"),
  m("bogdan", "Bogdan", "Bohdan", "Deodatus"),
  m("boleslaw", "Bolesław", "Boleslav", "Boleslaus"),
  m("jaroslaw", "Jarosław", "Yaroslav", "Jaroslav"),
  m("woldemar", "Woldemar", "Waldemar", "Voldemar", "Wladimir", "Włodzimierz", "Vladimir", "Volodymyr", "Volodimir"),
  m("wassili", "Wassili", "Wasilij", "Bazyli", "Vasiliy", "Vasily", "Vasyl", "Vasil", "Wasyl", "Basilius"),
  m("dmitri", "Dmitri", "Dmitriy", "Dymitr", "Dmytro", "Dmitro", "Demetrius"),
  m("sergei", "Sergei", "Sergey", "Sergiusz", "Serhiy", "Sergius"),
  m("alexei", "Alexei", "Aleksey", "Aleksy", "Oleksiy", "Alexius"),
  m("konstantin", "Konstantin", "Konstanty", "Kostyantyn", "Kostyantin", "Constantin", "Constantinus"),
  m("viktor", "Viktor", "Wiktor", "Victor"),
  m("maximilian", "Maximilian", "Maksymilian", "Maksimilian", "Maximilianus", "Max"),
  m("maxim", "Maxim", "Maksim", "Maksym", "Maximus"),
  m("hugo", "Hugo", "Hugon"),
  m("edmund", "Edmund", "Edmundus"),
  m("eugen", "Eugen", "Eugeniusz", "Evgeniy", "Yevgeniy", "Yevhen", "Eugenius"),
  m("felix", "Felix", "Feliks"),
  m("fabian", "Fabian", "Fabianus"),
  m("sebastian", "Sebastian", "Sevastyan", "Sevastian", "Sebastianus"),
  m("gabriel", "Gabriel", "Gavriil", "Gavrila", "Havrylo", "Gavrilo"),
  m("raphael", "Raphael", "Rafał", "Rafail"),
  m("berthold", "Berthold", "Bertold", "Bertholdus", "Bertolt"),
  m("traugott", "Traugott", "Traugot"),
  m("gottlob", "Gottlob", "Gotlob"),
  m("erdmann", "Erdmann", "Erdman", "Erdmannus"),
  m("leberecht", "Leberecht", "Leberekht"),
  m("ewald", "Ewald", "Evald", "Ewaldus"),
  m("gerhard", "Gerhard", "Gerard", "Gerardus"),
  m("hieronymus", "Hieronymus", "Hieronim", "Ieronim"),
  m("nikodemus", "Nikodemus", "Nikodem", "Nikodim", "Nicodemus"),
  m("timotheus", "Timotheus", "Tymoteusz", "Timofey", "Tymofiy"),
  m("salomon", "Salomon", "Solomon", "Salomo"),
  m("nathanael", "Nathanael", "Natanael", "Nafanail"),
  m("ephraim", "Ephraim", "Efraim", "Efrem"),
  m("kaspar", "Kaspar", "Caspar", "Kacper", "Kasper"),
  m("balthasar", "Balthasar", "Baltazar", "Valtasar"),
  m("urban", "Urban", "Urbanus"),
  m("veit", "Veit", "Wit", "Vit", "Vitus"),
  m("blasius", "Blasius", "Błażej", "Vlasiy", "Vlas"),
  m("florian", "Florian", "Floryan", "Florianus"),
  m("klemens", "Klemens", "Clemens", "Kliment"),
  m("alois", "Alois", "Alojzy", "Aloysius"),
  m("arnold", "Arnold", "Arnoldus"),
  m("ulrich", "Ulrich", "Ulryk", "Udalricus", "Ulricus"),
  m("emmerich", "Emmerich", "Emeryk", "Emericus"),
  m("hubert", "Hubert", "Hubertus"),
  m("isidor", "Isidor", "Izydor", "Sidor", "Isidorus"),
  m("kyrill", "Kyrill", "Cyryl", "Kirill", "Kyrylo", "Kirilo", "Cyrillus"),
  m("eustachius", "Eustachius", "Eustachy", "Evstafiy", "Ostap", "Eustathius"),
  m("prokop", "Prokop", "Prokopiy", "Procopius"),
  m("onuphrius", "Onuphrius", "Onufry", "Onufriy"),

  // Female
  f("anna", "Anna", "Anne", "Anka", "Ania", "Anja", "Anya", "Hanna", "Ganna", "Hanka"),
  f("johanna", "Johanna", "Johanne", "Hanne", "Joanna", "Janina", "Jana", "Ioanna", "Ivanna", "Hanna", "Ioganna"),
  f("katharina", "Katharina", "Catharina", "Katarina", "Katarzyna", "Ekaterina", "Yekaterina", "Jekaterina", "Kateryna", "Katerina", "Katrin", "Käthe", "Kasia", "Katja", "Katya"),
  f("maria", "Maria", "Marie", "Mariya", "Marya", "Maryja", "Mariia", "Marusia", "Masha", "Mascha", "Mizzi"),
  f("elisabeth", "Elisabeth", "Elisabetha", "Elizabeth", "Elżbieta", "Elizaveta", "Elisaveta", "Yelyzaveta", "Elsbeth", "Else", "Liese", "Lisa", "Ilse", "Betty"),
  f("margarethe", "Margarethe", "Margaretha", "Margarete", "Margareta", "Małgorzata", "Margarita", "Marharyta", "Grete", "Greta", "Gretchen", "Gosia"),
  f("christine", "Christine", "Christina", "Christiane", "Krystyna", "Khristina", "Khrystyna", "Kristina", "Stine", "Christiana", "Krystiana", "Khristiana"),
  f("dorothea", "Dorothea", "Dorothee", "Dorota", "Doroteya", "Dora"),
  f("sophie", "Sophie", "Sophia", "Zofia", "Zosia", "Sofiya", "Sofia"),
  f("louise", "Louise", "Luise", "Luisa", "Ludwika", "Luiza", "Ludovica"),
  f("caroline", "Caroline", "Karoline", "Karolina", "Carolina"),
  f("wilhelmine", "Wilhelmine", "Wilhelmina", "Vil'gel'mina", "Minna", "Mina"),
  f("friederike", "Friederike", "Friderike", "Fryderyka", "Friderica", "Frederica", "Rieke"),
  f("henriette", "Henriette", "Henrietta", "Henryka", "Genrietta", "Jette"),
  f("justine", "Justine", "Justina", "Justyna", "Yustina", "Iustina"),
  f("eva", "Eva", "Ewa", "Yeva"),
  f("julia", "Julia", "Julie", "Julka", "Yuliya", "Iulia"),
  f("juliane", "Juliane", "Juliana", "Julianna", "Ulyana", "Uliana"),
  f("helena", "Helena", "Helene", "Elena", "Yelena", "Jelena", "Olena", "Alena", "Lena", "Gelena"),
  f("rosalie", "Rosalie", "Rosalia", "Rozalia", "Rozaliya"),
  f("rosa", "Rosa", "Rose", "Róża"),
  f("susanna", "Susanna", "Susanne", "Zuzanna", "Zuzana"),
  f("emilie", "Emilie", "Emilia", "Emiliya", "Aemilia"),
  f("amalie", "Amalie", "Amalia", "Amaliya"),
  f("auguste", "Auguste", "Augusta", "Augustyna", "Avgusta"),
  f("barbara", "Barbara", "Basia", "Varvara", "Bärbel", "Babette"),
  f("agnes", "Agnes", "Agnieszka", "Agnessa", "Agnesa"),
  f("apollonia", "Apollonia", "Apolonia", "Apolloniya"),
  f("caecilie", "Cäcilie", "Cecylia", "Tsetsiliya", "Caecilia", "Cecilia"),
  f("regina", "Regina", "Rehina"),
  f("theresia", "Theresia", "Therese", "Teresa", "Tereza", "Resi"),
  f("magdalena", "Magdalena", "Magdalene", "Magda", "Madlen", "Lena", "Magdalina"),
  f("martha", "Martha", "Marta", "Marfa"),
  f("pauline", "Pauline", "Paulina", "Paula", "Polina", "Pavlina"),
  f("veronika", "Veronika", "Weronika", "Veronica"),
  f("natalie", "Natalie", "Natalia", "Natalya", "Nataliya", "Natalja", "Natasha"),
  f("olga", "Olga", "Olha"),
  f("tatjana", "Tatjana", "Tatiana", "Tacjana", "Tatyana", "Tetyana"),
  f("irene", "Irene", "Irena", "Irina", "Iryna"),
  f("ludmilla", "Ludmilla", "Ludmiła", "Lyudmila", "Lyudmyla", "Liudmyla"),
  f("alexandra", "Alexandra", "Aleksandra", "Oleksandra"),
  f("anastasia", "Anastasia", "Anastazja", "Anastasiya", "Nastya", "Nastia"),
  f("antonia", "Antonia", "Antonie", "Antonina"),
  f("bertha", "Bertha", "Berta"),
  f("emma", "Emma", "Ema"),
  f("hedwig", "Hedwig", "Jadwiga", "Jadzia", "Yadviga", "Hedvig", "Hedvigis"),
  f("josephine", "Josephine", "Josefine", "Josepha", "Józefa", "Józefina", "Zhozefina", "Josefina", "Iosifa"),
  f("lydia", "Lydia", "Lidia", "Lidiya"),
  f("florentine", "Florentine", "Florentyna", "Florentina"),
  f("adolfine", "Adolfine", "Adolfina", "Adolphina", "Adolphine"),
  f("augustine", "Augustine", "Augustyna", "Avgustina", "Augustina"),
  f("leontine", "Leontine", "Leontyna", "Leontina"),
  f("mathilde", "Mathilde", "Mathilda", "Matylda", "Matilda", "Matilde", "Mathildis"),
  f("pelagia", "Pelagia", "Pelageya", "Pelagiya", "Palageya"),
  f("salomea", "Salomea", "Salome", "Solomiya", "Salomeya", "Salomeja"),
  f("sarah", "Sarah", "Sara"),
  f("wanda", "Wanda", "Vanda"),
  f("franziska", "Franziska", "Franciszka", "Frantsiska", "Francisca"),
  f("ottilie", "Ottilie", "Ottilia", "Otylia", "Odilia"),
  f("charlotte", "Charlotte", "Charlotta", "Szarlota", "Sharlotta", "Lotte"),
  f("adelheid", "Adelheid", "Adelajda", "Adelaida", "Adelaide", "Adelheidis", "Adelgeida", "Adelgejda"),
  f("albertine", "Albertine", "Albertyna", "Albertina"),
  f("gottliebe", "Gottliebe", "Gotliba", "Bogumiła", "Teofila", "Theophila"),
  f("eleonore", "Eleonore", "Eleonora", "Leonore", "Leonora"),
  f("klara", "Klara", "Clara"),
  f("rebekka", "Rebekka", "Rebeka", "Revekka", "Rebecca"),
  f("marianne", "Marianne", "Marianna", "Maryanna"),
  f("agathe", "Agathe", "Agata", "Agafya", "Ahafiya", "Agatha"),
  f("euphrosyne", "Euphrosyne", "Eufrozyna", "Efrosinya", "Yefrosyniya", "Frosya"),
  f("xenia", "Xenia", "Ksenia", "Kseniya", "Oksana"),
  f("daria", "Daria", "Darya", "Dariya"),
  f("eudokia", "Eudokia", "Eudoxia", "Evdokiya", "Yevdokiya", "Avdotya"),
  f("paraskeva", "Paraskeva", "Praskovya", "Paraska", "Parasceve"),
  f("leokadia", "Leokadia", "Leokadiya", "Leocadia"),
  f("stanislawa", "Stanisława", "Stanislava"),
  f("wladyslawa", "Władysława", "Vladislava", "Ladislava"),
  f("kazimiera", "Kazimiera", "Kasimira", "Casimira"),
  f("genowefa", "Genoveva", "Genowefa", "Genovefa"),
  f("evelina", "Evelina", "Ewelina"),
  f("bronislawa", "Bronisława", "Bronislava"),
  f("philippine", "Philippine", "Filipina", "Philippina"),
  f("gertrud", "Gertrud", "Gertruda", "Gertrude", "Gertrudis"),
  f("ernestine", "Ernestine", "Ernestyna", "Ernestina"),
  f("rosine", "Rosine", "Rosina", "Rozyna", "Rozina"),
  f("valentina", "Valentine", "Walentyna", "Valentina"),
  f("viktoria", "Viktoria", "Wiktoria", "Viktoriya", "Victoria"),
  f("konstanze", "Konstanze", "Constanze", "Konstancja", "Constantia"),
  f("melanie", "Melanie", "Melania", "Melaniya", "Malanya"),
  f("sabina", "Sabine", "Sabina"),
  f("ursula", "Ursula", "Urszula"),
  f("petronella", "Petronella", "Petronela"),
  f("nadezhda", "Nadezhda", "Nadzieja", "Nadiya", "Nadia", "Spes"),
  f("vera", "Vera", "Wera", "Wiera", "Fides"),
];

// Folded spelling → ids of every group that lists it.
const INDEX: ReadonlyMap<string, readonly string[]> = (() => {
  const index = new Map<string, string[]>();
  for (const group of GIVEN_NAME_GROUPS) {
    for (const name of group.names) {
      const key = foldName(name);
      const ids = index.get(key) ?? [];
      if (!ids.includes(group.id)) ids.push(group.id);
      index.set(key, ids);
    }
  }
  return index;
})();

const GROUPS_BY_ID: ReadonlyMap<string, GivenNameGroup> = new Map(GIVEN_NAME_GROUPS.map((g) => [g.id, g]));

// Group ids are plain ASCII words, so a prefix no id can start with keeps an
// unknown name from ever matching a group by accident.
const UNGROUPED_PREFIX = "=";

// Transliteration key → ids of every group with a name of that key, so that a spelling the groups do not
// list, in any of the systems transliteration.ts reads (Marija, Julija, Jewgeni, Sergueï), finds the group
// of the spelling they list (Mariya, Yuliya, Yevgeniy, Sergey). Made on first use (about 0.2 s), since most
// words are found by their folded spelling.
let transliteratedIndex: ReadonlyMap<string, readonly string[]> | undefined;

function transliteratedIndexOf(): ReadonlyMap<string, readonly string[]> {
  if (transliteratedIndex) return transliteratedIndex;
  const index = new Map<string, string[]>();
  for (const group of GIVEN_NAME_GROUPS) {
    for (const name of group.names) {
      for (const key of transliterationKeys(name)) {
        const ids = index.get(key) ?? [];
        if (!ids.includes(group.id)) ids.push(group.id);
        index.set(key, ids);
      }
    }
  }
  transliteratedIndex = index;
  return index;
}

// Given names repeat: an import meets a few thousand spellings in a million records. Their groups are kept
// (up to a bound, then forgotten all at once) so that each is read back through five systems once.
const transliteratedCache = new Map<string, readonly string[]>();
const TRANSLITERATED_CACHE_SIZE = 20_000;

/** The groups of a word no group lists, by its transliteration keys (the word as written, accents kept). */
function transliteratedGroups(written: string): readonly string[] {
  const cached = transliteratedCache.get(written);
  if (cached) return cached;
  const ids: string[] = [];
  const index = transliteratedIndexOf();
  for (const key of transliterationKeys(written)) {
    for (const id of index.get(key) ?? []) if (!ids.includes(id)) ids.push(id);
  }
  if (transliteratedCache.size >= TRANSLITERATED_CACHE_SIZE) transliteratedCache.clear();
  transliteratedCache.set(written, ids);
  return ids;
}

/**
 * Match keys for a given-name field: for each word, the ids of its groups, or "=word" for a word no group
 * lists, with the groups of any listed name it may transliterate (Marija: maria, =marija). Two names share
 * a key exactly when they are variants of each other (or the same unlisted word).
 */
export function variantKeys(name: string): string[] {
  // Each folded token with the word as written, for the transliteration keys, which need ž, š, ł and ï;
  // made only when a word is not listed.
  let written: Map<string, string> | undefined;
  const keys: string[] = [];
  for (const token of nameTokens(name)) {
    let ids = INDEX.get(token);
    if (!ids) {
      written ??= writtenWords(name);
      // A word found only by transliteration keeps its own key too, so that it still meets the same
      // spelling keyed before transliteration counted (stored as "=marija" until keys are made again).
      ids = [...transliteratedGroups(written.get(token) ?? token), UNGROUPED_PREFIX + token];
    }
    for (const key of ids) {
      if (!keys.includes(key)) keys.push(key);
    }
  }
  return keys;
}

function writtenWords(name: string): Map<string, string> {
  const written = new Map<string, string>();
  for (const word of nameWords(name)) {
    for (const token of foldName(word).split(" ")) if (!written.has(token)) written.set(token, word);
  }
  return written;
}

/** Every listed spelling in the groups of a name, for "also searched: …". */
export function variantsOf(name: string): string[] {
  const spellings: string[] = [];
  for (const key of variantKeys(name)) {
    const group = GROUPS_BY_ID.get(key);
    if (group === undefined) continue;
    for (const spelling of group.names) {
      if (!spellings.includes(spelling)) spellings.push(spelling);
    }
  }
  return spellings;
}
