import type { TreeStatus } from "../trees.server";

/** The key of what each state of a member's tree is called on the pages (the `trees` catalog's `status.*`). */
export function treeStatusKey(status: TreeStatus): string {
  return `status.${status}`;
}

/** The day of a timestamp ("2026-11-29T…" → "2026-11-29"), for `useFormat().day`. */
export const dayOf = (iso: string) => iso.slice(0, 10);
