import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PostingBuffer } from "./posting-buffer";

type Posting = [number, number, number];

function drain(buffer: PostingBuffer): Posting[] {
  buffer.sort();
  return Array.from({ length: buffer.length }, (_, i) => [buffer.valueId(i), buffer.year(i), buffer.recordId(i)]);
}

const byKey = (a: Posting, b: Posting) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

describe("PostingBuffer", () => {
  it("gives back every posting in the table's key order: value, then year, then record", () => {
    const buffer = new PostingBuffer(2);
    for (const p of [
      [7, 1850, 3],
      [2, 1900, 9],
      [7, 1849, 12],
      [2, 1900, 4],
      [7, 1850, 1],
    ] as Posting[])
      buffer.push(...p);
    expect(drain(buffer)).toEqual([
      [2, 1900, 4],
      [2, 1900, 9],
      [7, 1849, 12],
      [7, 1850, 1],
      [7, 1850, 3],
    ]);
  });

  it("sorts like a comparison sort, packed or not (ids and years past the packed form's range)", () => {
    const posting = fc.tuple(
      fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })),
      fc.oneof(fc.integer({ min: 1500, max: 1950 }), fc.integer({ min: 0, max: 9999 })),
      fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })),
    );
    fc.assert(
      fc.property(fc.array(posting, { maxLength: 300 }), (postings) => {
        const buffer = new PostingBuffer(4);
        for (const p of postings) buffer.push(...p);
        expect(drain(buffer)).toEqual([...postings].sort(byKey));
      }),
    );
  });

  it("starts empty again after clear(), packed even after it had to widen", () => {
    const buffer = new PostingBuffer();
    buffer.push(2 ** 22, 1900, 1);
    buffer.clear();
    expect(buffer.length).toBe(0);
    buffer.push(5, 1901, 2);
    buffer.push(5, 1900, 3);
    expect(drain(buffer)).toEqual([
      [5, 1900, 3],
      [5, 1901, 2],
    ]);
  });
});
