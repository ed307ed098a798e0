import { describe, expect, it } from "vitest";
import { getCollection } from "~/search/collections";
import { parseCriteria, recordForm } from "~/search/criteria";
import { localizedCollection } from "~/search/localize.server";
import { tooBroadMessages } from "~/search/too-broad";
import { criteriaChips } from "./chips";
import { matchReasons } from "./match-reasons";
import { ENGLISH_SAY } from "./say";
import { sayIn, searchWords } from "./say.server";

const births = getCollection("stpete-birth")!;

describe("a search's messages and chips in the reader's language", () => {
  it("says the English the parsers always said, with or without the English catalog", () => {
    const params = new URLSearchParams({ yearFrom: "18x", surnameMode: "nope" });
    const plain = parseCriteria(births, params).errors;
    expect(plain.yearFrom).toBe("Enter a year as four digits, for example 1856.");
    expect(plain.surnameMode).toBe("Choose one of the listed ways to match the surname.");
    expect(parseCriteria(births, params, sayIn("en")).errors).toEqual(plain);
  });

  it("gives the messages in Polish and German, naming the field as the language writes it", () => {
    const params = new URLSearchParams({ yearFrom: "18x", surnameMode: "nope", yearTo: "1700" });
    const pl = parseCriteria(localizedCollection(births, "pl"), params, sayIn("pl")).errors;
    expect(pl.yearFrom).toBe("Wpisz rok czterema cyframi, na przykład 1856.");
    expect(pl.surnameMode).toBe("Wybierz jeden z podanych sposobów dopasowania dla pola „nazwisko”.");
    const de = parseCriteria(localizedCollection(births, "de"), params, sayIn("de")).errors;
    expect(de.surnameMode).toBe("Wählen Sie eine der angebotenen Suchweisen für „Familienname“.");
  });

  it("writes chips, reasons and a too-broad search in the reader's language", () => {
    const shown = localizedCollection(births, "pl");
    const { criteria } = parseCriteria(
      shown,
      new URLSearchParams({ surname: "Kowalski", surnameMode: "starts", yearFrom: "1850", yearTo: "1860" }),
      sayIn("pl"),
    );
    const chips = criteriaChips(recordForm(shown), criteria, undefined, searchWords("pl")).map((c) => c.label);
    expect(chips).toEqual(["Nazwisko: Kowalski (zaczyna się od)", "Lata: 1850–1860"]);
    const english = parseCriteria(births, new URLSearchParams({ surname: "Kowalski", surnameMode: "starts" })).criteria;
    expect(criteriaChips(recordForm(births), english, undefined, searchWords("en")).map((c) => c.label)).toEqual(
      criteriaChips(recordForm(births), english).map((c) => c.label),
    );
    const match = { label: "Nazwisko", level: "variant" as const, found: "Kowalsky", typed: "Kowalski" };
    expect(matchReasons([match], searchWords("pl"))).toEqual([
      { field: "Nazwisko", text: "Kowalsky, ta sama forma w innym języku" },
    ]);
    const broad = { postings: 12345, fields: [{ field: "surname", postings: 12345 }] };
    expect(tooBroadMessages(broad, criteria, sayIn("de"), (m) => searchWords("de")(`modes.${m}`)).surname).toBe(
      "Grenzen Sie die Suche ein: „Kowalski“ (Beginnt mit) steckt hier in etwa 12.345 Namen. Geben Sie mehr vom Namen ein oder wählen Sie eine strengere Suchweise.",
    );
    expect(tooBroadMessages(broad, criteria, ENGLISH_SAY).surname).toContain("about 12,345 names");
  });
});
