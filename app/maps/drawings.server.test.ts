import { describe, expect, it } from "vitest";
import { DRAWINGS_KEPT, keepDrawing, keptDrawing } from "./drawings.server";
import type { SvgDrawing } from "./types";

const drawing = (land: string): SvgDrawing => ({
  width: 640,
  height: 300,
  land,
  borders: "",
  coast: "",
  circle: null,
  towns: [],
  grid: null,
  points: [],
});

describe("drawings kept for the render", () => {
  it("keys a drawing by its content: the same map, the same key; another map, another", () => {
    const a = keepDrawing(drawing("M0,0L1,1Z"));
    expect(keepDrawing(drawing("M0,0L1,1Z"))).toBe(a);
    expect(keepDrawing(drawing("M0,0L2,2Z"))).not.toBe(a);
    expect(keptDrawing(a)?.land).toBe("M0,0L1,1Z");
    expect(keptDrawing("nothing")).toBeUndefined();
  });

  it("keeps the last ones only, the one just asked for again among them", () => {
    const first = keepDrawing(drawing("first"));
    const second = keepDrawing(drawing("second"));
    for (let i = 0; i < DRAWINGS_KEPT - 2; i++) keepDrawing(drawing(`filler ${i}`));
    keepDrawing(drawing("first"));
    keepDrawing(drawing("one more"));
    expect(keptDrawing(first)?.land).toBe("first");
    expect(keptDrawing(second)).toBeUndefined();
  });
});
