import { describe, expect, it } from "vitest";
import { prefixRange, wordStarts } from "./word-starts";

describe("wordStarts", () => {
  it("gives the tail of the name from each word on, each once", () => {
    expect(wordStarts("neu dorf")).toEqual(["neu dorf", "dorf"]);
    expect(wordStarts("gross neu neu")).toEqual(["gross neu neu", "neu neu", "neu"]);
    expect(wordStarts("")).toEqual([]);
  });
});

describe("prefixRange", () => {
  const inRange = (key: string, prefix: string) => {
    const { from, to } = prefixRange(prefix);
    return key >= from && key < to;
  };

  it("holds exactly the keys that start with the prefix", () => {
    for (const key of ["neu", "neu dorf", "neuhof", "neuz"]) expect(inRange(key, "neu")).toBe(true);
    for (const key of ["ne", "nev", "nf", "a neu", "nez"]) expect(inRange(key, "neu")).toBe(false);
  });

  it("steps the last code point, even outside ASCII", () => {
    expect(prefixRange("жи")).toEqual({ from: "жи", to: "жй" });
    expect(inRange("жизнь", "жи")).toBe(true);
  });
});
