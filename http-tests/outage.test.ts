import { describe, expect, it } from "vitest";
import { outageTimeline } from "./outage";

describe("outageTimeline", () => {
  const answer = (at: number, status: number) => ({ at, status, ms: 5 });

  it("reads when the outage was noticed, how long it lasted and when the site recovered", () => {
    const answers = [answer(90, 200), answer(130, 503), answer(120, 200), answer(700, 503), answer(1_050, 503)];
    answers.push(answer(1_020, 200), answer(1_100, 200), answer(1_200, 200));
    // Away at 100, back at 1,000: a 200 at 1,020 does not count as recovered while a 503 came after it.
    expect(outageTimeline(answers, 100, 1_000)).toEqual({
      noticedMs: 30,
      unavailableMs: 920,
      recoveredMs: 100,
      statuses: { "200": 5, "503": 3 },
    });
  });

  it("says nothing recovered when no 200 came after the database was back", () => {
    const timeline = outageTimeline([answer(10, 200), answer(200, 503)], 100, 150);
    expect(timeline.recoveredMs).toBeUndefined();
    expect(timeline.noticedMs).toBe(100);
  });

  it("says nothing was noticed when no 503 came", () => {
    expect(outageTimeline([answer(10, 200), answer(300, 200)], 100, 200)).toEqual({
      noticedMs: undefined,
      unavailableMs: undefined,
      recoveredMs: 100,
      statuses: { "200": 2 },
    });
  });
});
