import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ROMANIZATIONS, cyrillicLanguage, hasCyrillic, romanize } from "./romanize";

describe("cyrillicLanguage", () => {
  it.each([
    ["Київ", "uk"],
    ["Євген", "uk"],
    ["Ґалаґан", "uk"],
    ["Кам'янець-Подільський", "uk"],
    ["Рівне", "uk"],
    ["Бердичів", "uk"],
    ["Луцьк", "uk"],
    ["Новоград-Волинський", "uk"],
    // Spelled alike in both: the registers' language.
    ["Рожище", "ru"],
    ["Шмидт", "ru"],
    ["Новоград-Волынский", "ru"],
    ["Хрущёв", "ru"],
    // і before a vowel or й is the Russian of before 1918 as much as Ukrainian.
    ["Марія", "ru"],
    ["Василій", "ru"],
    ["Иванъ", "ru"],
  ] as const)("%s is %s", (text, language) => {
    expect(cyrillicLanguage(text)).toBe(language);
  });
});

/** Each word in English (BGN/PCGN), German (Duden) and Polish (PWN). */
type Row = readonly [cyrillic: string, english: string, german: string, polish: string];

describe("romanize: Russian", () => {
  it.each<Row>([
    ["Рожище", "Rozhishche", "Roschischtsche", "Rożyszcze"],
    // щ, ж, х, ц, ч, ш
    ["Щербаков", "Shcherbakov", "Schtscherbakow", "Szczerbakow"],
    ["Жуков", "Zhukov", "Schukow", "Żukow"],
    ["Хрущёв", "Khrushchëv", "Chruschtschow", "Chruszczow"],
    ["Цыганов", "Tsyganov", "Zyganow", "Cyganow"],
    ["Чехов", "Chekhov", "Tschechow", "Czechow"],
    ["Шмидт", "Shmidt", "Schmidt", "Szmidt"],
    // The soft sign: ʼ in English, nothing in German, in Polish the softness of l, n, s, z, c.
    ["Вильгельм", "Vilʼgelʼm", "Wilgelm", "Wilgielm"],
    ["Наталья", "Natalʼya", "Natalja", "Natalja"],
    ["Казань", "Kazanʼ", "Kasan", "Kazań"],
    ["Вязьма", "Vyazʼma", "Wjasma", "Wiaźma"],
    ["Игорь", "Igorʼ", "Igor", "Igor"],
    // -ий, -ый: -iy and -yy, -i and -y, -ij (-i after к, г, х) and -y.
    ["Дмитрий", "Dmitriy", "Dmitri", "Dmitrij"],
    ["Юрий", "Yuriy", "Juri", "Jurij"],
    ["Чайковский", "Chaykovskiy", "Tschaikowski", "Czajkowski"],
    ["Грозный", "Groznyy", "Grosny", "Grozny"],
    ["Новоград-Волынский", "Novograd-Volynskiy", "Nowograd-Wolynski", "Nowograd-Wołynski"],
    // е and ё: ye/je at a word's start and after a vowel; after a consonant e (ie in Polish), ë/jo/io.
    ["Евгений", "Yevgeniy", "Jewgeni", "Jewgienij"],
    ["Достоевский", "Dostoyevskiy", "Dostojewski", "Dostojewski"],
    ["Сергей", "Sergey", "Sergei", "Siergiej"],
    ["Фёдор", "Fëdor", "Fjodor", "Fiodor"],
    // я, ю; Polish l before them.
    ["Мария", "Mariya", "Marija", "Marija"],
    ["Людмила", "Lyudmila", "Ljudmila", "Ludmiła"],
    ["Николай", "Nikolay", "Nikolai", "Nikołaj"],
    // Duden's x for кс and ss between vowels.
    ["Ксения", "Kseniya", "Xenija", "Ksienija"],
    ["Василий", "Vasiliy", "Wassili", "Wasilij"],
    // Before 1918: the silent hard sign at a word's end, і and ѣ.
    ["Иванъ", "Ivan", "Iwan", "Iwan"],
    ["Василій", "Vasiliy", "Wassili", "Wasilij"],
    ["Лѣсной", "Lesnoy", "Lesnoi", "Lesnoj"],
  ])("%s: %s, %s, %s", (cyrillic, english, german, polish) => {
    expect(romanize(cyrillic, "english")).toBe(english);
    expect(romanize(cyrillic, "german")).toBe(german);
    expect(romanize(cyrillic, "polish")).toBe(polish);
  });
});

describe("romanize: Ukrainian", () => {
  it.each<Row>([
    // і, ї, є, ґ, and и as y.
    ["Київ", "Kyiv", "Kyjiw", "Kyjiw"],
    ["Їжак", "Yizhak", "Jischak", "Jiżak"],
    ["Євген", "Yevhen", "Jewhen", "Jewhen"],
    ["Ґалаґан", "Galagan", "Galagan", "Gałagan"],
    ["Рівне", "Rivne", "Riwne", "Riwne"],
    ["Харків", "Kharkiv", "Charkiw", "Charkiw"],
    ["Житомир", "Zhytomyr", "Schytomyr", "Żytomyr"],
    ["Щорс", "Shchors", "Schtschors", "Szczors"],
    // The soft sign: dropped in English and German; Polish ń, ś, ć and l.
    ["Луцьк", "Lutsk", "Luzk", "Łućk"],
    ["Львів", "Lviv", "Lwiw", "Lwiw"],
    ["Волинь", "Volyn", "Wolyn", "Wołyń"],
    // -ий: -yi, -yj, -yj.
    ["Новоград-Волинський", "Novohrad-Volynskyi", "Nowohrad-Wolynskyj", "Nowohrad-Wołynśkyj"],
    ["Андрій", "Andrii", "Andrij", "Andrij"],
    // The apostrophe: not written, and я after it is not at a word's start in English.
    ["Кам'янець-Подільський", "Kamianets-Podilskyi", "Kamjanez-Podilskyj", "Kamjaneć-Podilśkyj"],
    ["Згурівка", "Zghurivka", "Shuriwka", "Zhuriwka"],
    ["Юліана", "Yuliana", "Juliana", "Juliana"],
  ])("%s: %s, %s, %s", (cyrillic, english, german, polish) => {
    expect(romanize(cyrillic, "english", "uk")).toBe(english);
    expect(romanize(cyrillic, "german", "uk")).toBe(german);
    expect(romanize(cyrillic, "polish", "uk")).toBe(polish);
  });

  it("reads a text as Ukrainian when its letters say so, Russian otherwise", () => {
    expect(romanize("Київ", "english")).toBe("Kyiv");
    expect(romanize("Житомир", "english")).toBe("Zhitomir");
    expect(romanize("Житомир", "english", "uk")).toBe("Zhytomyr");
  });
});

describe("romanize: the text around the Cyrillic", () => {
  it("keeps Latin words, digits and punctuation, and each word's case", () => {
    expect(romanize("Анна geb. Шмидт", "german")).toBe("Anna geb. Schmidt");
    expect(romanize("ЩЕРБАКОВ, Иван (1858)", "german")).toBe("SCHTSCHERBAKOW, Iwan (1858)");
    expect(romanize("Шмидт / Schmidt", "polish")).toBe("Szmidt / Schmidt");
    expect(romanize("Я", "english")).toBe("Ya");
  });

  it("reads a decomposed й as й", () => {
    expect(romanize("Николаи\u0306", "polish")).toBe("Nikołaj");
  });

  it("leaves no Cyrillic letter of Russian or Ukrainian behind, in any system", () => {
    const letters = "абвгґдеєёжзиіїйклмнопрстуфхцчшщъыьэюяѣѳѵ";
    const word = fc
      .array(fc.constantFrom(...letters, ...letters.toUpperCase()), { minLength: 1, maxLength: 12 })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(word, fc.constantFrom(...ROMANIZATIONS), fc.constantFrom("ru" as const, "uk" as const), (w, s, l) => {
        expect(hasCyrillic(romanize(w, s, l))).toBe(false);
      }),
    );
  });
});
