import { Link } from "@remix-run/react";
import { ApprovalActions } from "~/ui/approval-actions";
import { treePreviewPath } from "~/routing/paths";
import type { TreeSummary } from "../trees.server";
import { dayOf } from "./tree-status";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";

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
  const { t } = useTranslation("trees");
  const format = useFormat();
  return (
    <section aria-labelledby="trees-waiting">
      <h2 id="trees-waiting">{t("waiting.heading")}</h2>
      {trees.length === 0 ? (
        <p>{t("waiting.none")}</p>
      ) : (
        <ul className="approval-list">
          {trees.map((tree) => {
            const error = refused && refused.treeId === tree.id ? refused : null;
            const reasonId = `tree-reason-${tree.id}`;
            return (
              <li key={tree.id} className="approval" aria-labelledby={`tree-${tree.id}`}>
                <h3 id={`tree-${tree.id}`}>
                  <Link to={treePreviewPath(tree.id)}>{tree.title}</Link>
                </h3>
                <p>
                  {tree.submitter} · {t("people", { count: tree.people })}, {t("families", { count: tree.families })} ·{" "}
                  {t("warnings", { count: tree.warnings })} · {tree.fileName} ·{" "}
                  {t("waiting.submitted", { day: format.day(dayOf(tree.submittedAt), 0) })}
                  {tree.replacesTitle && <> · {t("waiting.replaces", { title: tree.replacesTitle })}</>}
                </p>
                {error && !error.reasonError && (
                  <p className="field-error" role="alert">
                    {error.message}
                  </p>
                )}
                <ApprovalActions
                  idName="treeId"
                  id={tree.id}
                  intents={{ approve: "approve-tree", reject: "reject-tree" }}
                  subject={<span className="visually-hidden">{t("waiting.subject", { title: tree.title })}</span>}
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
