import { describe, expect, it } from "vitest";
import { RecordKeyer } from "./record-keys.server";
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
});
