import { Link } from "@remix-run/react";
import { ApprovalActions } from "~/ui/approval-actions";
import { treePreviewPath } from "~/routing/paths";
import type { TreeSummary } from "../trees.server";
import { dayOf } from "./tree-status";

export interface TreeRefusal {
  treeId: number | null;
  message: string;
  reasonError: string | null;
}

/** The approvals page's "Family trees waiting": each member's tree with Approve and Reject (with a reason). */
export function WaitingTrees({
  trees,
  refused,
  busy,
  maxReason,
}: {
  trees: TreeSummary[];
  refused: TreeRefusal | null;
  busy: boolean;
  maxReason: number;
}) {
  return (
    <section aria-labelledby="trees-waiting">
      <h2 id="trees-waiting">Family trees waiting</h2>
      {trees.length === 0 ? (
        <p>No family trees are waiting for approval.</p>
      ) : (
        <ul className="approval-list">
          {trees.map((t) => {
            const error = refused && refused.treeId === t.id ? refused : null;
            const reasonId = `tree-reason-${t.id}`;
            return (
              <li key={t.id} className="approval" aria-labelledby={`tree-${t.id}`}>
                <h3 id={`tree-${t.id}`}>
                  <Link to={treePreviewPath(t.id)}>{t.title}</Link>
                </h3>
                <p>
                  {t.submitter} · {t.people.toLocaleString("en")} people, {t.families.toLocaleString("en")} families ·{" "}
                  {t.warnings.toLocaleString("en")} {t.warnings === 1 ? "warning" : "warnings"} · {t.fileName} ·
                  submitted {dayOf(t.submittedAt)}
                  {t.replacesTitle && <> · replaces “{t.replacesTitle}”</>}
                </p>
                {error && !error.reasonError && (
                  <p className="field-error" role="alert">
                    {error.message}
                  </p>
                )}
                <ApprovalActions
                  idName="treeId"
                  id={t.id}
                  intents={{ approve: "approve-tree", reject: "reject-tree" }}
                  subject={<span className="visually-hidden">“{t.title}”</span>}
                  reasonId={reasonId}
                  maxReason={maxReason}
                  reasonError={error?.reasonError ?? null}
                  busy={busy}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
