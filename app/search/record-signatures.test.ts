import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecordSignatures } from "./record-signatures";

describe("RecordSignatures", () => {
  it("gives back what a Map would, whatever the order and spread of the ids, and nothing after clear()", () => {
    const id = fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 20_000_000 }));
    const signature = fc.integer({ min: 1, max: 2 ** 52 - 1 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(id, signature), { maxLength: 200 }),
        fc.array(id, { maxLength: 20 }),
        (sets, probes) => {
          const table = new RecordSignatures();
          const expected = new Map<number, number>();
          for (const [recordId, sig] of sets) {
            table.set(recordId, sig);
            expected.set(recordId, sig);
          }
          for (const recordId of [...expected.keys(), ...probes])
            expect(table.get(recordId)).toBe(expected.get(recordId) ?? 0);
          table.clear();
          for (const recordId of expected.keys()) expect(table.get(recordId)).toBe(0);
        },
      ),
    );
  });

  it("keeps consecutive new ids and an older id updated between them", () => {
    const table = new RecordSignatures();
    for (let id = 1000; id < 11_000; id++) table.set(id, id * 3);
    table.set(7, 99);
    expect([table.get(1000), table.get(10_999), table.get(7), table.get(11_000)]).toEqual([3000, 32_997, 99, 0]);
  });
});
