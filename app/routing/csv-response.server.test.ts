import { describe, expect, it } from "vitest";
import { CSV_STREAMS_AT_ONCE, csvResponse } from "./csv-response.server";

describe("csvResponse", () => {
  it(`makes the parts of at most ${CSV_STREAMS_AT_ONCE} downloads at one time, and all of them in the end`, async () => {
    let making = 0;
    let most = 0;
    async function* parts(i: number): AsyncGenerator<string> {
      making++;
      most = Math.max(most, making);
      try {
        for (let part = 0; part < 3; part++) {
          await new Promise((r) => setTimeout(r, 5));
          yield `${i},${part}\n`;
        }
      } finally {
        making--;
      }
    }
    const downloads = Array.from({ length: CSV_STREAMS_AT_ONCE * 2 + 1 }, (_, i) => csvResponse(parts(i), "x.csv"));
    const texts = await Promise.all(downloads.map((d) => d.text()));
    expect(texts.map((t) => t.split("\n").length - 1)).toEqual(downloads.map(() => 3));
    expect(most).toBe(CSV_STREAMS_AT_ONCE);
    // A cancelled download gives its turn back: the next ones still run.
    const cancelled = csvResponse(parts(99), "x.csv");
    const reader = cancelled.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await csvResponse(parts(100), "x.csv").text()).toBe("100,0\n100,1\n100,2\n");
  });
});
