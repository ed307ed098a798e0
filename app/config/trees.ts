/**
 * Limits of a member's tree (decision 0054): any member may upload one, so its size and its people are bounded,
 * TREE_MAX_MB and TREE_MAX_PEOPLE. A million people read in under 500 MB of the server's memory (npm run
 * bench:tree).
 */
export const DEFAULT_TREE_MAX_MB = 250;
export const DEFAULT_TREE_MAX_PEOPLE = 1_000_000;

export interface TreeLimits {
  maxBytes: number;
  maxPeople: number;
}

function positiveInteger(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function treeLimits(env: Partial<Record<string, string>>): TreeLimits {
  return {
    maxBytes: positiveInteger(env.TREE_MAX_MB, DEFAULT_TREE_MAX_MB) * 1024 * 1024,
    maxPeople: positiveInteger(env.TREE_MAX_PEOPLE, DEFAULT_TREE_MAX_PEOPLE),
  };
}
