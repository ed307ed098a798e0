import type { TreeStatus } from "../trees.server";

/** What each state of a member's tree is called on the pages. */
export const TREE_STATUS_LABELS: Record<TreeStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Not accepted",
  withdrawn: "Withdrawn",
  replaced: "Replaced by a newer file",
};

export const dayOf = (iso: string) => iso.slice(0, 10);
