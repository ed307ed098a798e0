import { describe, expect, it } from "vitest";
import { groupBoxPx, groupName, groupTargets, type Target, type TargetGroup } from "./cluster";

const GAP = 2;
const dot = (x: number, y: number, extra: Partial<Target> = {}): Target => ({ x, y, size: 24, ...extra });

/** No two drawn boxes overlap or come closer than the gap: what the grouping exists for. */
function expectApart(groups: TargetGroup[]) {
  for (const [i, a] of groups.entries()) {
    for (const b of groups.slice(i + 1)) {
      const reach = (a.size + b.size) / 2 + GAP;
      expect(Math.abs(a.x - b.x) >= reach || Math.abs(a.y - b.y) >= reach, JSON.stringify([a, b])).toBe(true);
    }
  }
}

describe("groupTargets", () => {
  it("leaves markers whose boxes are apart as they are", () => {
    const targets = [dot(0, 0), dot(26, 0), dot(0, 26), dot(100, 100)];
    expect(groupTargets(targets, GAP)).toEqual(targets.map((t, i) => ({ members: [i], x: t.x, y: t.y, size: 24 })));
  });

  it("joins two boxes that would overlap into one group at their mean, sized for its count", () => {
    expect(groupTargets([dot(0, 0), dot(10, 4), dot(200, 0)], GAP)).toEqual([
      { members: [0, 1], x: 5, y: 2, size: groupBoxPx(2) },
      { members: [2], x: 200, y: 0, size: 24 },
    ]);
  });

  it("joins boxes closer than the gap even when they do not touch", () => {
    expect(groupTargets([dot(0, 0), dot(25, 0)], GAP)).toHaveLength(1);
    expect(groupTargets([dot(0, 0), dot(26, 0)], GAP)).toHaveLength(2);
  });

  it("joins a chain of close boxes", () => {
    expect(groupTargets([dot(0, 0), dot(22, 0), dot(44, 0), dot(72, 0)], GAP).map((g) => g.members)).toEqual([
      [0, 1, 2],
      [3],
    ]);
  });

  it("takes in a neighbour that a group's wider box, at the mean of its places, comes to overlap", () => {
    // The third box is 26 px from each of the others (apart); the pair's box at (0, 10) reaches it.
    const groups = groupTargets([dot(0, 0), dot(0, 20), dot(26, 10)], GAP);
    expect(groups).toEqual([{ members: [0, 1, 2], x: 26 / 3, y: 10, size: groupBoxPx(3) }]);
  });

  it("keeps a group on its anchor (the place of a place page)", () => {
    const [group] = groupTargets([dot(0, 0), dot(10, 10, { anchor: true }), dot(5, 20)], GAP);
    expect(group).toEqual({ members: [0, 1, 2], x: 10, y: 10, size: groupBoxPx(3) });
  });

  it("counts larger markers (a surname's circles) by their own box", () => {
    expect(groupTargets([dot(0, 0, { size: 36 }), dot(30, 0)], GAP)).toHaveLength(1);
    expect(groupTargets([dot(0, 0, { size: 36 }), dot(32, 0)], GAP)).toHaveLength(2);
  });

  it("leaves no two boxes overlapping, whatever the places (300 scattered and heaped)", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 400;
    const targets = Array.from({ length: 300 }, (_, i) => dot(random(), i % 3 ? random() : random() / 10));
    const groups = groupTargets(targets, GAP);
    expectApart(groups);
    expect(groups.flatMap((g) => g.members).sort((a, b) => a - b)).toEqual(targets.map((_, i) => i));
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.length).toBeLessThan(300);
  });

  it("sizes a group's box for its count", () => {
    expect([groupBoxPx(2), groupBoxPx(12), groupBoxPx(120)]).toEqual([28, 32, 38]);
    expect(groupBoxPx(2)).toBeGreaterThanOrEqual(24);
  });
});

describe("groupName", () => {
  it("names up to three places and counts the rest", () => {
    expect(groupName(["Michalow", "Sulzthal"])).toBe("2 places: Michalow, Sulzthal");
    expect(groupName(["A", "B", "C"])).toBe("3 places: A, B, C");
    expect(groupName(["A", "B", "C", "D", "E"])).toBe("5 places: A, B, C and 2 more");
  });
});
