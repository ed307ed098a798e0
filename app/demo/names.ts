// Name tables for the demo records of the St. Petersburg Lutheran Consistory
// collections: German colonist families of Volhynia and Congress Poland, a
// minority of Polish Lutherans and mixed families, and a few Ukrainian and
// Russian names.
//
// A family's name reaches the index in whatever spelling the clerk used: the
// German pastor's form, the Polish form from a Polish-language register or a
// Polish-speaking clerk, a transliteration of the Russian-language register,
// and now and then the Cyrillic itself. Each entry lists those forms so the
// generated data exercises the search's normalised, phonetic and variant
// matching the way real indexes do.
//
// Tables are kept as compact text (one family or name per line) because a few
// hundred object literals would bury the data in syntax.

import { transliterateCyrillic as toLatin } from "~/names/normalize";
import { WeightedTable } from "./prng";

export type NameStyle = "german" | "polish" | "russian" | "cyrillic";
export type Sex = "m" | "f";
export type SurnameOrigin = "german" | "polish" | "eastSlavic";

export interface SurnameEntry {
  /** The form the index would normally show: German spelling, Polish for Polish families. */
  readonly canonical: string;
  readonly origin: SurnameOrigin;
  /** Relative frequency; see SURNAME_TOP_SHARE for the cap on the most common family. */
  readonly weight: number;
  /** Spellings by clerk style and sex; the first German masculine form is canonical. */
  readonly forms: Readonly<Record<NameStyle, Readonly<Record<Sex, readonly string[]>>>>;
}

export interface GivenNameEntry {
  /** German form as a Lutheran pastor wrote it (the search's canonical form). */
  readonly canonical: string;
  readonly sex: Sex;
  readonly weight: number;
  readonly forms: Readonly<Record<NameStyle | "latin", readonly string[]>>;
}

// canonical | other German spellings | Polish-written forms | Cyrillic form(s)
// Ordered from most to least common; the order becomes the Zipf rank.
const GERMAN_SURNAMES = `
Schmidt|Schmitt,Schmid|Szmidt,Szmit|Шмидт
Müller|Mueller,Miller|Miler,Muller,Myller|Мюллер,Миллер
Schulz|Schultz,Schulze|Szulc,Szulce|Шульц
Wagner|Wagener|Wagner,Wachner|Вагнер
Krüger|Krueger,Kriger|Kriger,Krygier|Крюгер
Neumann|Neuman,Naumann|Nojman,Nejman|Нейман
Zimmermann|Zimmerman|Cymerman,Cimerman|Циммерман
Hoffmann|Hofmann,Hoffman|Hofman|Гофман
Becker|Baecker,Bäcker|Beker,Bekier|Беккер
Kühn|Kuehn,Kuhn|Kin,Kyn|Кюн
Schneider|Schnaider|Sznajder,Snajder|Шнейдер
Fischer|Fisher|Fiszer|Фишер
Weber|Wäber|Weber,Wejber|Вебер
Meyer|Meier,Maier,Mayer|Majer|Майер,Мейер
Schröder|Schroeder,Schreder|Szreder|Шредер
Wolf|Wolff|Wolf|Вольф
Lange|Lang|Lange,Langie|Ланге
Schwarz|Schwartz|Szwarc|Шварц
Braun||Braun|Браун
Richter||Rychter|Рихтер
Klein|Kleine|Klajn|Клейн
Krause|Kraus|Krauze|Краузе
Lehmann|Lemann,Leman|Leman|Леман
Radke|Radtke,Rathke|Radtke,Ratke|Радке
Janke|Jahnke,Jancke|Janke,Jenke|Янке
Rieger|Riger|Ryger,Rigier|Ригер
Fiedler|Fidler|Fidler|Фидлер
Kliewer|Kliwer|Kliwer|Кливер
Ziebart|Ziebarth,Siebert|Cybart|Цибарт
Sommerfeld|Sommerfeldt|Zomerfeld|Зоммерфельд
Bachmann|Bachman|Bachman|Бахман
Schmidtke|Schmittke|Szmitke|Шмидтке
Hartmann|Hartman|Hartman|Гартман
Werner||Werner|Вернер
Koch||Koch|Кох
Bauer|Baur|Bauer|Бауэр
Fuchs|Fux|Fuks|Фукс
Friedrich|Friedrichs|Frydrych|Фридрих
Weiss|Weiß,Weis|Wajs|Вейс
Hahn|Hann|Han|Ган
Wendland|Wendlandt|Wendland|Вендланд
Kunz|Kuntz|Kunc|Кунц
Berg|Bergk|Berg|Берг
Voigt|Vogt,Foigt|Wojt,Fojt|Фойгт
Stein|Steyn|Sztajn|Штейн
Jäger|Jaeger,Jeger|Jeger|Егер
Hein|Heine|Hajn|Гейн
Günther|Guenther,Ginter|Gunter,Ginter|Гюнтер
Arndt|Arnd|Arnd|Арндт
Ludwig|Ludewig|Ludwik|Людвиг
Krieger||Kryger|Кригер
Seidel|Seidl|Sajdel|Зейдель
Brandt|Brand|Brand|Брандт
Haas|Haase|Has|Гаас
Heinrich|Heinrichs|Hajnrych|Гейнрих
Schenk|Schenck|Szenk|Шенк
Thiel|Tiel|Tyl|Тиль
Kraft|Krafft|Kraft|Крафт
Vogel|Fogel|Fogel|Фогель
Pohl|Pohle|Pol|Поль
Engel|Engl|Engiel|Энгель
Horn||Horn|Горн
Busch|Bush|Busz|Буш
Bergmann|Bergman|Bergman|Бергман
Pietsch|Pitsch|Pycz|Пич
Franke|Francke|Franke|Франке
Albrecht|Albrech|Albrycht|Альбрехт
Schäfer|Schaefer,Schafer|Szefer|Шефер
Sauer|Saur|Zauer|Зауэр
Kirsch|Kirsh|Kirsz|Кирш
Roth|Rot|Rot|Рот
Frey|Frei|Fraj|Фрей
Graf|Graff|Graf|Граф
Dietrich|Dittrich,Diedrich|Dytrych|Дитрих
Hübner|Huebner,Hiebner|Hibner|Гюбнер
Ernst|Ernest|Ernst|Эрнст
Reimer|Raimer|Rajmer|Реймер
Klatt|Klat|Klat|Клатт
Ziegler|Zigler|Cygler|Циглер
Kuhnke|Kunke|Kunke|Кунке
Schulte|Schultte|Szulte|Шульте
Marquardt|Markwardt,Marquart|Markwart|Марквардт
Nickel|Nikel|Nikiel|Никель
Gutsche|Gutschke|Gucze|Гутше
Stelter|Stälter|Stelter|Штельтер
Ristau|Ristow|Ristow|Ристау
Böttcher|Boettcher,Bötcher|Betcher|Бетхер
Zerr|Zer|Cer|Церр
Lück|Lueck,Lick|Lik|Люк
Tietz|Titz|Tyc|Тиц
Hohensee||Hohenze|Гогензее
Wiebe|Wibe|Wibe|Вибе
Rosin|Rosien|Rozyn|Розин
Sperling||Szperling|Шперлинг
Grams|Gramms|Grams|Грамс
Kersten|Kerstein|Kersten|Керстен
Gäde|Gaede,Gede|Gede|Геде
Patzer|Pazer|Pacer|Пацер
Kalinke|Kallinke|Kalinke|Калинке
Dreger|Draeger,Dräger|Dreger|Дрегер
Lemke|Lembke|Lemke|Лемке
Wiese|Wiesse|Wize|Визе
Stolz|Stoltz|Stolc|Штольц
Zabel|Zabell|Cabel|Цабель
Rutz|Ruts|Ruc|Руц
Mielke|Milke|Milke|Мильке
Jeske|Jeschke|Jeske|Еске
Tesmer|Tessmer,Teßmer|Tesmer|Тесмер
Knopp|Knop|Knop|Кнопп
Priebe|Pribe|Prybe|Прибе
Reinke|Reinecke|Rajnke|Рейнке
Gehrke|Gerke|Gerke|Герке
Schielke|Schilke|Szylke|Шильке
Zühlke|Zuehlke,Zielke|Cylke|Цюльке
Draheim|Drahaim|Drahajm|Драгейм
Bohn|Bon|Bon|Бон
Boldt|Bolt|Bolt|Больдт
Manthei|Mantei,Mantey|Mantaj|Мантей
Kurtz|Kurz|Kurc|Курц
Hintz|Hinz|Hync|Гинц
Witt|Wit|Wit|Витт
Wittke|Wittge|Witke|Витке
Ruff|Ruf|Ruf|Руфф
Schreiber|Schreyber|Szrajber|Шрейбер
Schmeichel|Schmeichl|Szmajchel|Шмейхель
Baumann|Bauman|Bauman|Бауман
Baumgart|Baumgardt|Baumgart|Баумгарт
Eichhorn|Eichorn|Ajchhorn|Эйхгорн
Fenske|Fentzke|Fenske|Фенске
Raschke|Rasche|Raszke|Рашке
Teske|Tesske|Teske|Теске
Heinz|Heintz|Hajnc|Гейнц
Jahn||Jan|Ян
Kasper|Caspar,Kaspar|Kasper|Каспер
Maas|Mass|Mas|Маас
Gerlach||Gerlach|Герлах
Körner|Koerner|Kerner|Кернер
Heise|Heyse|Hajze|Гейзе
Lenz|Lentz|Lenc|Ленц
Drews|Dreus|Drews|Древс
Rehbein|Rebein|Rebajn|Ребейн
Hildebrandt|Hildebrand|Hildebrand|Гильдебрандт
Schwandt|Schwand|Szwand|Швандт
Buchholz|Bucholz|Buchholc|Бухгольц
Wolter|Wolters|Wolter|Вольтер
Walter|Walther|Walter|Вальтер
Nagel|Nagl|Nagiel|Нагель
Rapp|Rap|Rap|Рапп
Kopp|Kop|Kop|Копп
Kossmann|Kosmann|Kosman|Косман
Rode|Rohde|Rode|Роде
Treichel|Treichl|Trajchel|Трейхель
Hirsch|Hirsh|Hirsz|Гирш
Borchert|Borchardt|Borchert|Борхерт
Sieg|Siegk|Zyg|Зиг
Falk|Falck|Falk|Фальк
Rusch|Rush|Rusz|Руш
Moritz|Moriz|Moryc|Мориц
Ott|Otte|Ot|Отт
Freitag|Freytag|Frajtag|Фрейтаг
Kühl|Kuehl|Kil|Кюль
Wendt|Wend|Wendt|Вендт
Lorenz|Lorentz|Lorenc|Лоренц
Jung|Junge|Jung|Юнг
Block|Blok|Blok|Блок
Berndt|Bernd|Berndt|Берндт
Frank|Franck|Frank|Франк
Geier|Geyer|Gajer|Гейер
Kaiser|Keiser,Kayser|Kajzer|Кайзер
König|Koenig,Kenig|Kenig|Кениг
Lindner|Lindener|Lindner|Линднер
Seifert|Seiffert,Siefert|Zajfert|Зейферт
Hoppe|Hope|Hope|Гоппе
Pfeiffer|Pfeifer,Feifer|Fajfer|Пфейфер
Scholz|Scholtz|Szolc|Шольц
Lüdtke|Luedtke,Lüdke|Lidtke|Людтке
Kurth|Kurt|Kurt|Курт
Steinke|Steincke|Sztajnke|Штейнке
Schütz|Schuetz,Schitz|Szyc|Шютц
Dahlke|Dalke|Dalke|Дальке
Rössler|Roessler,Rösler|Resler|Реслер
Bartel|Barthel|Bartel|Бартель
Merz|Mertz|Merc|Мерц
Stark|Starck|Sztark|Штарк
Reich|Reych|Rajch|Рейх
Wilke|Wilcke|Wilke|Вильке
Gross|Groß,Grosz|Gros|Гросс
Kroll|Krol|Krol|Кролль
Bartz|Barz|Barc|Барц
Ewert|Evert|Ewert|Эверт
Schwabe|Schwab|Szwabe|Швабе
Grunwald|Grünwald|Grunwald|Грунвальд
Rosenau|Rosenow|Rozenau|Розенау
Rosenfeld|Rosenfeldt|Rozenfeld|Розенфельд
Kleinschmidt|Kleinschmitt|Klajnszmit|Клейншмидт
Adam|Adams|Adam|Адам
Schatz|Schaz|Szac|Шац
Kunkel|Kunckel|Kunkiel|Кункель
Leske|Lesske|Leske|Леске
Rux|Ruchs|Ruks|Рукс
Henke|Hencke|Henke|Генке
Schirmer|Schürmer|Szyrmer|Ширмер
Baltzer|Balzer|Balcer|Бальцер
Gatzke|Gatschke|Gacke|Гацке
Kretschmer|Kretzschmar|Kreczmer|Кречмер
Schumann|Schuhmann|Szuman|Шуман
Jordan|Jordahn|Jordan|Иордан
Nass|Naß|Nas|Насс
Stoll|Stol|Sztol|Штоль
Mix|Micks|Miks|Микс
Dobberstein|Doberstein|Doberstajn|Доберштейн
Dumke|Dumcke|Dumke|Думке
Tetzlaff|Tetzlaf|Teclaf|Тецлаф
Riemer|Rimer|Rymer|Ример
Fritz|Fritze|Frycz|Фриц
Quast|Kwast|Kwast|Кваст
Sonnenberg|Sonenberg|Zonenberg|Зонненберг
Gottschalk|Gottschalck|Gotszalk|Готшальк
Holz|Holtz|Holc|Гольц
Thom|Tom|Tom|Том
Zech|Zeche|Cech|Цех
Kuss|Kuß|Kus|Кусс
Nitz|Nietz|Nyc|Ниц
Peschel|Pöschel|Peszel|Пешель
Heide|Heyde|Hajde|Гейде
Krebs|Kreps|Kreps|Кребс
Pankratz|Pankraz|Pankrac|Панкрац
Wegner|Wegener|Wegner|Вегнер
Rau|Rauh|Rau|Рау
Mai|May|Maj|Май
Beck|Bek|Bek|Бек
Hecht||Hecht|Гехт
Höft|Hoeft,Heft|Heft|Гефт
Seefeldt|Seefeld|Zefeld|Зеефельд
Hannemann|Hanemann|Haneman|Ганеман
Redmann|Redman|Redman|Редман
Otto|Otte|Otto|Отто
Ulrich|Ullrich|Ulrych|Ульрих
Wetzel|Wezel|Wecel|Вецель
Ziemann|Zieman|Cyman|Циман
Manske|Mantzke|Manske|Манске
Guse|Gusse|Guze|Гузе
Raddatz|Radatz|Radac|Раддац
Schlender|Schlinder|Szlender|Шлендер
Kittler|Kitler|Kitler|Китлер
Klemm|Klem|Klem|Клемм
Streich|Straich|Sztrajch|Штрейх
Flemming|Fleming|Fleming|Флеминг
Hellwig|Helwig|Helwig|Гельвиг
Buse|Busse|Buze|Бузе
Knoll|Knol|Knol|Кнолль
Zander|Sander|Cander|Цандер
Pagel|Pagell|Pagiel|Пагель
Wolske|Wolschke|Wolske|Вольске
Zeller|Zeler|Celer|Целлер
Hauf|Hauff|Hauf|Гауф
Goltz|Golz|Golc|Гольц
Wiens|Wiense|Wins|Винс
Penner|Pener|Pener|Пеннер
Dyck|Dück|Dyk|Дик
Unruh|Unrau|Unrau|Унру
Foth|Voth|Fot|Фот
Ratzlaff|Ratzlaf|Raclaw|Рацлаф
Schlenker|Schlinker|Szlenker|Шленкер
Jaster|Jastar|Jaster|Ястер
Kröker|Kroeker|Kreker|Крекер
Buller|Bulle|Buler|Буллер
Tober||Tober|Тобер
Gräbert|Graebert,Grebert|Grebert|Греберт
Mantz|Manz|Manc|Манц
`;

// Polish masculine form | German-written forms | other Polish spellings | Cyrillic.
// Feminine forms (-ska, -cka, -ская) are derived, not listed.
const POLISH_SURNAMES = `
Kowalski|Kowalsky||Ковальский
Nowicki|Nowitzki,Nowitzky||Новицкий
Zieliński|Zielinski,Selinski|Zielinski|Зелинский
Wiśniewski|Wisniewski,Wischnewski|Wisniewski|Вишневский
Kamiński|Kaminski,Kaminsky|Kaminski|Каминский
Lewandowski|Lewandowsky|Lewandowski|Левандовский
Dąbrowski|Dombrowski,Dabrowski|Dombrowski|Домбровский
Kozłowski|Koslowski,Kozlowski|Kozlowski|Козловский
Jankowski|Jankowsky|Jankowski|Янковский
Wojciechowski|Woitschechowski|Wojciechowski|Войцеховский
Kwiatkowski|Kwiatkowsky|Kwiatkowski|Квятковский
Piotrowski|Pietrowski|Piotrowski|Петровский
Grabowski|Grabowsky|Grabowski|Грабовский
Nowakowski|Nowakowsky|Nowakowski|Новаковский
Pawłowski|Pawlowski|Pawlowski|Павловский
Michalski|Michalsky|Michalski|Михальский
Jabłoński|Jablonski,Jablonsky|Jablonski|Яблонский
Majewski|Majewsky|Majewski|Маевский
Olszewski|Olschewski|Olszewski|Ольшевский
Jaworski|Jaworsky|Jaworski|Яворский
Malinowski|Malinowsky|Malinowski|Малиновский
Witkowski|Witkowsky|Witkowski|Витковский
Górski|Gorski,Gorsky|Gorski|Горский
Rutkowski|Rutkowsky|Rutkowski|Рутковский
Ostrowski|Ostrowsky|Ostrowski|Островский
Tomaszewski|Tomaschewski|Tomaszewski|Томашевский
Wróblewski|Wroblewski|Wroblewski|Врублевский
Zalewski|Salewski|Zalewski|Залевский
Jakubowski|Jakubowsky|Jakubowski|Якубовский
Jasiński|Jasinski|Jasinski|Ясинский
Zawadzki|Sawatzki,Zawadzky|Zawacki|Завадский
Sadowski|Sadowsky|Sadowski|Садовский
Chmielewski|Chmielewsky|Chmielewski|Хмелевский
Borkowski|Borkowsky|Borkowski|Борковский
Czarnecki|Tscharnetzki,Czarnetzki|Czarnecki|Чарнецкий
Sawicki|Sawitzki|Sawicki|Савицкий
Sokołowski|Sokolowski|Sokolowski|Соколовский
Urbański|Urbanski|Urbanski|Урбанский
Maciejewski|Matschejewski|Maciejewski|Мацеевский
Szczepański|Schtschepanski|Szczepanski|Щепанский
Kucharski|Kucharsky|Kucharski|Кухарский
Kalinowski|Kalinowsky|Kalinowski|Калиновский
Wysocki|Wysotzki|Wysocki|Высоцкий
Adamski|Adamsky|Adamski|Адамский
Wasilewski|Wasilewsky|Wasilewski|Василевский
Czerwiński|Czerwinski,Tscherwinski|Czerwinski|Червинский
Andrzejewski|Andrejewski|Andrzejewski|Анджеевский
Głowacki|Glowatzki|Glowacki|Гловацкий
Zakrzewski|Sakschewski|Zakrzewski|Закржевский
Sikorski|Sikorsky|Sikorski|Сикорский
Krajewski|Krajewsky|Krajewski|Краевский
Gajewski|Gajewsky|Gajewski|Гаевский
Szymański|Schimanski,Szymanski|Szymanski|Шиманский
Borowski|Borowsky|Borowski|Боровский
Kupski|Kupsky|Kupski|Купский
Koszyński|Koschinski,Koschinsky|Koszynski|Кошинский
Nowak|Nowack|Nowak|Новак
Wójcik|Woitzik,Wojcik|Wojcik|Войцик
Mazur|Masur|Mazur|Мазур
Krawczyk|Krawtschik|Krawczyk|Кравчик
Adamczyk|Adamtschik|Adamczyk|Адамчик
Dudek|Duddek|Dudek|Дудек
Zając|Sajontz,Zajac|Zajac|Заяц
Wieczorek|Wietschorek|Wieczorek|Вечорек
Król|Krol,Krull|Krol|Круль
Wróbel|Wrobel|Wrobel|Врубель
Pawlak|Pawlack|Pawlak|Павляк
Walczak|Waltschak|Walczak|Вальчак
Stępień|Stempin,Stepien|Stepien|Стемпень
Sikora|Sikorra|Sikora|Сикора
Baran|Barran|Baran|Баран
Szewczyk|Schewtschik|Szewczyk|Шевчик
Marciniak|Martiniak|Marciniak|Марциняк
Kubiak|Kubiack|Kubiak|Кубяк
Wilk|Wilck|Wilk|Вильк
Lis|Liss|Lis|Лис
Sobczak|Sobtschak|Sobczak|Собчак
Cieślak|Tschieslak,Cieslak|Cieslak|Цесляк
Kołodziej|Kolodzei,Kolodziej|Kolodziej|Колодзей
`;

// German-written form | other German spellings | Polish-written forms | Cyrillic.
const EAST_SLAVIC_SURNAMES = `
Schewtschenko|Schewczenko|Szewczenko|Шевченко
Kowalenko|Kovalenko|Kowalenko|Коваленко
Bondarenko|Bondarenco|Bondarenko|Бондаренко
Tkatschuk|Tkaczuk|Tkaczuk|Ткачук
Melnik|Mielnik|Melnyk,Mielnik|Мельник
Krawtschenko|Krawczenko|Krawczenko|Кравченко
Sawtschuk|Sawczuk|Sawczuk|Савчук
Polischtschuk|Polischuk|Poliszczuk|Полищук
Moros|Moroz|Moroz,Mroz|Мороз
Iwanow|Ivanow|Iwanow|Иванов
Petrow|Petroff|Pietrow|Петров
Sokolow|Sokoloff|Sokolow|Соколов
Popow|Popoff|Popow|Попов
Kusnezow|Kusnetzow|Kuzniecow|Кузнецов
`;

// German forms (first is canonical) | Polish forms | Cyrillic forms | Latin form
// Ordered from most to least common.
const MALE_GIVEN_NAMES = `
Johann|Jan|Иоганн,Иван|Joannes
Gottlieb|Bogumił|Готлиб|Theophilus
Wilhelm|Wilhelm|Вильгельм|Guilelmus
Friedrich|Fryderyk|Фридрих|Fridericus
Karl,Carl|Karol|Карл|Carolus
August|August|Август|Augustus
Christian|Krystian|Христиан|Christianus
Michael|Michał|Михаил,Михель|Michael
Gottfried|Gotfryd|Готфрид|Godofredus
Daniel|Daniel|Даниил,Даниэль|Daniel
Heinrich|Henryk|Генрих|Henricus
Ludwig|Ludwik|Людвиг|Ludovicus
Jakob|Jakub|Якоб,Яков|Jacobus
Martin|Marcin|Мартин|Martinus
Samuel|Samuel|Самуил,Самуэль|Samuel
Andreas|Andrzej|Андреас,Андрей|Andreas
Peter|Piotr|Петер,Петр|Petrus
Georg|Jerzy|Георг,Георгий|Georgius
Adam|Adam|Адам|Adamus
Christoph|Krzysztof|Христоф|Christophorus
Ferdinand|Ferdynand|Фердинанд|Ferdinandus
Julius|Juliusz|Юлиус,Юлий|Julius
Gustav|Gustaw|Густав|Gustavus
Emil|Emil|Эмиль|Aemilius
Eduard|Edward|Эдуард|Eduardus
Reinhold|Rajnhold|Рейнгольд|Reinholdus
Rudolf,Rudolph|Rudolf|Рудольф|Rudolphus
Adolf,Adolph|Adolf|Адольф|Adolphus
Hermann|Herman|Герман|Hermannus
Albert|Albert|Альберт|Albertus
Robert|Robert|Роберт|Robertus
Otto|Otto|Отто|Otto
Paul|Paweł|Пауль,Павел|Paulus
Ernst|Ernest|Эрнст|Ernestus
Traugott|Traugot|Трауготт|Traugott
Gottlob|Gotlob|Готлоб|Gottlob
Matthias|Maciej|Матиас,Матвей|Matthias
Philipp|Filip|Филипп|Philippus
Valentin|Walenty|Валентин|Valentinus
Benjamin|Beniamin|Вениамин,Беньямин|Benjaminus
Nathanael|Natanael|Натанаэль|Nathanael
Leopold|Leopold|Леопольд|Leopoldus
Theodor|Teodor|Теодор,Федор|Theodorus
Simon|Szymon|Симон|Simon
Thomas|Tomasz|Томас,Фома|Thomas
Joseph|Józef|Иосиф,Йозеф|Josephus
Franz|Franciszek|Франц|Franciscus
Anton|Antoni|Антон|Antonius
Lorenz|Wawrzyniec|Лоренц|Laurentius
Stephan|Szczepan|Стефан|Stephanus
Benedikt|Benedykt|Бенедикт|Benedictus
Emanuel|Emanuel|Эммануил|Emanuel
Konstantin|Konstanty|Константин|Constantinus
Alexander|Aleksander|Александр|Alexander
Ignatz|Ignacy|Игнатий|Ignatius
Ewald|Ewald|Эвальд|Ewaldus
Berthold|Bertold|Бертольд|Bertholdus
Oskar|Oskar|Оскар|Oscarus
Edmund|Edmund|Эдмунд|Edmundus
Richard|Ryszard|Рихард|Richardus
Arnold|Arnold|Арнольд|Arnoldus
David|Dawid|Давид|David
Abraham|Abraham|Авраам|Abrahamus
Elias|Eliasz|Илья,Элиас|Elias
Tobias|Tobiasz|Товия,Тобиас|Tobias
Zacharias|Zachariasz|Захария|Zacharias
Erdmann|Erdman|Эрдман|Erdmannus
Leberecht|Leberecht|Леберехт|Leberecht
Stanislaus|Stanisław|Станислав|Stanislaus
Kasimir|Kazimierz|Казимир|Casimirus
Wenzel|Wacław|Вацлав|Venceslaus
`;

const FEMALE_GIVEN_NAMES = `
Anna|Anna|Анна|Anna
Maria|Maria,Marya|Мария|Maria
Katharina,Catharina|Katarzyna|Екатерина,Катарина|Catharina
Elisabeth|Elżbieta|Елизавета|Elisabetha
Louise,Luise|Luiza,Ludwika|Луиза|Ludovica
Justine,Justina|Justyna|Юстина|Justina
Wilhelmine|Wilhelmina|Вильгельмина|Wilhelmina
Karoline,Caroline|Karolina|Каролина|Carolina
Christine,Christina|Krystyna|Христина|Christina
Dorothea|Dorota|Доротея|Dorothea
Eva|Ewa|Ева|Eva
Susanna|Zuzanna|Сусанна|Susanna
Rosalie|Rozalia|Розалия|Rosalia
Juliane|Julianna|Юлиана|Juliana
Emilie|Emilia|Эмилия|Aemilia
Henriette|Henryka|Генриетта|Henrietta
Auguste|Augusta|Августа|Augusta
Pauline|Paulina|Паулина,Павлина|Paulina
Amalie|Amalia|Амалия|Amalia
Mathilde|Matylda|Матильда|Mathildis
Ottilie|Otylia|Оттилия|Ottilia
Emma|Emma|Эмма|Emma
Bertha|Berta|Берта|Bertha
Ida|Ida|Ида|Ida
Adelheid|Adelajda|Адельгейда|Adelheidis
Friederike|Fryderyka|Фридерика|Friderica
Charlotte|Szarlota|Шарлотта|Charlotta
Johanna|Joanna|Иоганна|Joanna
Margarethe|Małgorzata|Маргарита|Margaretha
Sophie|Zofia|София|Sophia
Helene|Helena|Елена,Гелена|Helena
Barbara|Barbara|Варвара,Барбара|Barbara
Magdalena|Magdalena|Магдалина|Magdalena
Regina|Regina|Регина|Regina
Theresia|Teresa|Тереза|Theresia
Agnes|Agnieszka|Агнесса|Agnes
Marianne|Marianna|Марианна|Marianna
Christiane|Krystiana|Христиана|Christiana
Gottliebe|Bogumiła|Готлиба|Theophila
Ernestine|Ernestyna|Эрнестина|Ernestina
Albertine|Albertyna|Альбертина|Albertina
Florentine|Florentyna|Флорентина|Florentina
Natalie|Natalia|Наталия|Natalia
Olga|Olga|Ольга|Olga
Lydia|Lidia|Лидия|Lydia
Martha|Marta|Марта|Martha
Adolfine|Adolfina|Адольфина|Adolphina
Franziska|Franciszka|Франциска|Francisca
Veronika|Weronika|Вероника|Veronica
Apollonia|Apolonia|Аполлония|Apollonia
Salomea|Salomea|Саломея|Salomea
Augustine|Augustyna|Августина|Augustina
Leontine|Leontyna|Леонтина|Leontina
Josephine|Józefa|Жозефина,Иосифа|Josepha
Antonie|Antonina|Антонина|Antonia
Hedwig|Jadwiga|Ядвига|Hedwigis
Stanislawa|Stanisława|Станислава|Stanislava
`;

/**
 * Share of all surname draws taken by the most common family. The search
 * benchmark relies on a common name matching about 1 % of the records.
 */
export const SURNAME_TOP_SHARE = 0.012;

/** Shares of surname draws by origin: a Lutheran consistory's registers are mostly German. */
const ORIGIN_SHARES: Readonly<Record<SurnameOrigin, number>> = {
  german: 0.87,
  polish: 0.1,
  eastSlavic: 0.03,
};

/**
 * Latin transliteration of a Russian-written name as an index of the
 * registers prints it (Шульц → Shul'ts): the search's own transliteration,
 * with the soft sign kept as an apostrophe.
 */
export function transliterateCyrillic(text: string): string {
  return toLatin(text.replace(/[ьЬ]/g, "'"));
}

// Adjectival surnames agree with the sex of the bearer in Polish and Russian;
// nominal ones (Nowak, Мельник, Шевченко) and all German names do not.
const FEMININE_ENDINGS: readonly (readonly [RegExp, string])[] = [
  [/ski$/, "ska"],
  [/sky$/, "ska"],
  [/cki$/, "cka"],
  [/zki$/, "zka"],
  [/tzki$/, "tzka"],
  [/tzky$/, "tzka"],
  [/ский$/, "ская"],
  [/цкий$/, "цкая"],
  [/ов$/, "ова"],
  [/ев$/, "ева"],
  // Latin transliterations of the Russian forms.
  [/skiy$/, "skaya"],
  [/ov$/, "ova"],
  [/ev$/, "eva"],
  [/ow$/, "owa"],
  [/off$/, "owa"],
];

/**
 * The form a woman bears of a Polish or Russian surname (Kowalski → Kowalska,
 * Nowicki → Nowicka, Ковальский → Ковальская, Iwanow → Iwanowa). Only for
 * Polish and East Slavic families: a German -ow name (Rosenow) does not change.
 */
export function feminineSurname(surname: string): string {
  for (const [pattern, replacement] of FEMININE_ENDINGS) {
    if (pattern.test(surname)) return surname.replace(pattern, replacement);
  }
  return surname;
}

/** Forms by style for one sex; the Russian Latin forms come from the Cyrillic. */
function stylesFor(
  german: readonly string[],
  polish: readonly string[],
  cyrillic: readonly string[],
  feminine: boolean,
): Record<NameStyle, Readonly<Record<Sex, readonly string[]>>> {
  const both = (forms: readonly string[]) => ({
    m: forms,
    f: feminine ? dedupe(forms.map(feminineSurname)) : forms,
  });
  const cyr = both(cyrillic);
  return {
    german: both(german),
    polish: both(polish),
    cyrillic: cyr,
    russian: { m: dedupe(cyr.m.map(transliterateCyrillic)), f: dedupe(cyr.f.map(transliterateCyrillic)) },
  };
}

function parseSurnames(text: string, origin: SurnameOrigin): SurnameEntry[] {
  const rows = lines(text);
  // Zipf-like 1/(rank + k): the offset keeps the head flat enough that the most
  // common family stays near SURNAME_TOP_SHARE instead of taking a fifth of all names.
  const offset = origin === "german" ? 32 : 6;
  const raw = rows.map((_, rank) => 1 / (rank + offset));
  const total = raw.reduce((a, b) => a + b, 0);
  return rows.map(([canonical, alts, polishForms, cyrillic], rank) => {
    const name = canonical ?? "";
    const altList = list(alts);
    const polishList = list(polishForms);
    const german = dedupe([name, ...altList]);
    const polish = origin === "polish" ? dedupe([name, ...polishList]) : polishList.length ? polishList : [name];
    return {
      canonical: name,
      origin,
      weight: (ORIGIN_SHARES[origin] * (raw[rank] ?? 0)) / total,
      forms: stylesFor(german, polish, list(cyrillic), origin !== "german"),
    };
  });
}

function parseGivenNames(text: string, sex: Sex): GivenNameEntry[] {
  return lines(text).map(([german, polish, cyrillic, latin], rank) => {
    const germanForms = list(german);
    const cyrillicForms = list(cyrillic);
    return {
      canonical: germanForms[0] ?? "",
      sex,
      // A handful of names dominate (Johann alone is about a fifth of all boys).
      weight: 1 / Math.pow(rank + 1, 1.1),
      forms: {
        german: germanForms,
        polish: list(polish),
        cyrillic: cyrillicForms,
        russian: dedupe(cyrillicForms.map(transliterateCyrillic)),
        latin: list(latin),
      },
    };
  });
}

function lines(text: string): string[][] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => line.split("|").map((cell) => cell.trim()));
}

function list(cell: string | undefined): string[] {
  return (cell ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function dedupe(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export const SURNAMES: readonly SurnameEntry[] = [
  ...parseSurnames(GERMAN_SURNAMES, "german"),
  ...parseSurnames(POLISH_SURNAMES, "polish"),
  ...parseSurnames(EAST_SLAVIC_SURNAMES, "eastSlavic"),
];

export const MALE_NAMES: readonly GivenNameEntry[] = parseGivenNames(MALE_GIVEN_NAMES, "m");
export const FEMALE_NAMES: readonly GivenNameEntry[] = parseGivenNames(FEMALE_GIVEN_NAMES, "f");

/** Each sex's given names drawn by their weights: those `keep` keeps (a register's language may lack some). */
export function givenNameTables(
  keep: (entry: GivenNameEntry) => boolean = () => true,
): Readonly<Record<Sex, WeightedTable<GivenNameEntry>>> {
  const table = (names: readonly GivenNameEntry[]) => {
    const kept = names.filter(keep);
    return new WeightedTable(
      kept,
      kept.map((n) => n.weight),
    );
  };
  return { m: table(MALE_NAMES), f: table(FEMALE_NAMES) };
}

/** Every spelling of every family, mapped to its canonical name (for tests and statistics). */
export function surnameFormIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const entry of SURNAMES) {
    for (const style of Object.values(entry.forms)) {
      for (const form of [...style.m, ...style.f]) {
        if (!index.has(form)) index.set(form, entry.canonical);
      }
    }
  }
  return index;
}
