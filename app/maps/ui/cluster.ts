/**
 * Which of a map's focusable markers must be drawn as one (decision 0047). A marker is a box a finger can hit
 * (24 px at the least, WCAG 2.5.8); two villages a few pixels apart at the map's zoom would draw boxes over each
 * other, and neither could be hit for sure. Boxes that would overlap (or come closer than a gap) become one group,
 * drawn as one marker that names how many places it holds. Pure: positions in pixels of the current zoom in, groups
 * out, so it is tested without a map.
 */

export interface Target {
  /** The centre of the marker's box, in pixels at the map's zoom. */
  x: number;
  y: number;
  /** The side of its (square) box, in pixels. */
  size: number;
  /** A group that holds this target is drawn where it is (the place of a place page stays in the middle). */
  anchor?: boolean;
}

export interface TargetGroup {
  /** Indexes into the targets, in their order. */
  members: number[];
  x: number;
  y: number;
  size: number;
}

/** A group's name lists this many of its places; the rest are counted. */
const GROUP_NAMES_LISTED = 3;

/**
 * "3 places: Michalow, Sulzthal, Grünberg", "12 places: Michalow, Sulzthal, Grünberg and 9 more". `words` names
 * the group in the reader's language (the map's words, app/maps/ui/words.ts); English without.
 */
export function groupName(
  labels: readonly string[],
  words?: { group(count: number, listed: string, more: number): string },
): string {
  const listed = labels.slice(0, GROUP_NAMES_LISTED).join(", ");
  const more = labels.length - GROUP_NAMES_LISTED;
  if (words) return words.group(labels.length, listed, Math.max(0, more));
  return `${labels.length} places: ${listed}${more > 0 ? ` and ${more} more` : ""}`;
}

/** The box of a group of `count` places: wide enough for its count, never smaller than a finger's target. */
export function groupBoxPx(count: number): number {
  return count < 10 ? 28 : count < 100 ? 32 : 38;
}

function overlap(a: TargetGroup, b: TargetGroup, gapPx: number): boolean {
  const reach = (a.size + b.size) / 2 + gapPx;
  return Math.abs(a.x - b.x) < reach && Math.abs(a.y - b.y) < reach;
}

/**
 * Groups the targets until no two boxes come closer than `gapPx`. A group lies at the mean of its places (or at its
 * anchor) and its box is `groupBoxPx` of its size, so merging can bring it near another: merging repeats until
 * nothing moves (each round removes at least one group, so it ends). Neighbours are found through a grid of cells
 * as wide as the largest reach, so a round costs about one pass over the groups.
 */
export function groupTargets(targets: readonly Target[], gapPx: number): TargetGroup[] {
  let groups: TargetGroup[] = targets.map((t, i) => ({ members: [i], x: t.x, y: t.y, size: t.size }));
  for (;;) {
    const cell = groups.reduce((largest, g) => Math.max(largest, g.size), 1) + gapPx;
    const grid = new Map<string, number[]>();
    groups.forEach((g, i) => {
      const key = `${Math.floor(g.x / cell)},${Math.floor(g.y / cell)}`;
      const bucket = grid.get(key);
      if (bucket) bucket.push(i);
      else grid.set(key, [i]);
    });
    const parent = groups.map((_, i) => i);
    const root = (i: number): number => {
      while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
      return i;
    };
    let merged = false;
    groups.forEach((g, i) => {
      const cx = Math.floor(g.x / cell);
      const cy = Math.floor(g.y / cell);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const j of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
            if (j <= i || !overlap(g, groups[j]!, gapPx)) continue;
            const [a, b] = [root(i), root(j)];
            if (a !== b) {
              parent[Math.max(a, b)] = Math.min(a, b);
              merged = true;
            }
          }
        }
      }
    });
    if (!merged) return groups;
    const joined = new Map<number, TargetGroup[]>();
    groups.forEach((g, i) => {
      const parts = joined.get(root(i));
      if (parts) parts.push(g);
      else joined.set(root(i), [g]);
    });
    groups = [...joined.values()].map((parts) => {
      if (parts.length === 1) return parts[0]!;
      const members = parts.flatMap((g) => g.members).sort((a, b) => a - b);
      const anchor = members.find((m) => targets[m]!.anchor);
      const at = (axis: "x" | "y") =>
        anchor !== undefined
          ? targets[anchor]![axis]
          : members.reduce((sum, m) => sum + targets[m]![axis], 0) / members.length;
      return { members, x: at("x"), y: at("y"), size: groupBoxPx(members.length) };
    });
  }
}
