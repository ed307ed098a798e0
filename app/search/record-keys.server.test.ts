import { describe, expect, it } from "vitest";
import { RecordKeyer, valueCodes } from "./record-keys.server";
import { valueMask } from "./signature";

const date = { year: 1858, month: 3, day: 12 };

describe("RecordKeyer.key", () => {
  it("stores only the fields that hold a value, in their order, whether or not some are empty", () => {
    const keyer = new RecordKeyer();
    const full = keyer.key(
      { collection: "stpete-birth", date, fields: { surname: "Radke", givenName: "Anna", place: "Heimtal" } },
      [],
    );
    const gaps = keyer.key(
      {
        collection: "stpete-birth",
        date,
        fields: { surname: "Radke", fatherGivenName: "", givenName: "Anna", motherGivenName: null, place: "Heimtal" },
      },
      [],
    );
    expect(full.data).toBe('{"surname":"Radke","givenName":"Anna","place":"Heimtal"}');
    expect(gaps.data).toBe(full.data);
  });

  it("signs a record's names and not its place", () => {
    const keyer = new RecordKeyer();
    const ids: number[] = [];
    keyer.key({ collection: "stpete-birth", date, fields: { surname: "Radke", place: "Heimtal" } }, ids);
    const signature = keyer.lastSignature;
    const [surname, place] = ids;
    const { values } = keyer.takeNew();
    expect(values.map((v) => [v.id, v.field])).toEqual([
      [surname, "surname"],
      [place, "place"],
    ]);
    // The surname's bits alone: the place is not a name.
    expect(signature).toBe(valueMask(surname!));
    expect(valueMask(place!)).not.toBe(signature);
  });

  // Only single words get codes; a value of several words is found through its words' own entries, so the keyer
  // leaves out the phonetic work for it (decision 0049), and must give the same rows as before.
  it("gives a value of several words its words' entries, and codes to the single words only", () => {
    const keyer = new RecordKeyer();
    const ids: number[] = [];
    keyer.key({ collection: "stpete-birth", date, fields: { givenName: "Johann  Gottlieb", surname: "Müller" } }, ids);
    const { values, codes } = keyer.takeNew();
    // In the collection's order of fields: the surname first.
    expect(values.map((v) => [v.value, v.display, v.folded])).toEqual([
      ["müller", "Müller", "muller"],
      ["johann gottlieb", "Johann Gottlieb", "johann gottlieb"],
      ["johann", "Johann", "johann"],
      ["gottlieb", "Gottlieb", "gottlieb"],
    ]);
    const expected = values.flatMap((v) => valueCodes(v, v.field === "givenName" ? "givenName" : "surname"));
    expect(codes).toEqual(expected);
    expect(new Set(codes.map((c) => c.value_id))).toEqual(new Set([values[0]!.id, values[2]!.id, values[3]!.id]));
    // Given names get their variant groups; every person name its transliteration, Beider–Morse and similar keys.
    expect(new Set(codes.filter((c) => c.value_id === values[2]!.id).map((c) => c.kind))).toEqual(
      new Set(["d", "v", "t", "b", "s"]),
    );
    expect(new Set(codes.filter((c) => c.value_id === values[0]!.id).map((c) => c.kind))).toEqual(
      new Set(["d", "t", "g", "b", "s"]),
    );
  });
});
