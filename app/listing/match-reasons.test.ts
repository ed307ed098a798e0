import { describe, expect, it } from "vitest";
import { matchReasons } from "./match-reasons";

describe("why a record matched", () => {
  it("says the level in words and names the record's spelling when it differs", () => {
    expect(
      matchReasons([
        { label: "Surname", level: "exact", found: "Brand", typed: "Brand" },
        { label: "Given name", level: "variant", found: "Johann", typed: "Jan" },
        { label: "Mother's maiden name", level: "daitchMokotoff", found: "Zbrożek", typed: "Zbroschek" },
      ]),
    ).toEqual([
      { field: "Surname", text: "same spelling" },
      { field: "Given name", text: "Johann, same name in another language" },
      { field: "Mother's maiden name", text: "Zbrożek, sounds like (Daitch–Mokotoff)" },
    ]);
  });
});
