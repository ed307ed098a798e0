import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { approvalsAction, loadApprovalsPage } from "../approvals.server";
import { MAX_REASON_LENGTH } from "../forms";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { adminMemberPath } from "~/routing/paths";
import { WaitingTrees } from "~/families/ui/waiting-trees";
import { ApprovalActions } from "~/ui/approval-actions";
import { useTranslation } from "~/i18n/react";

export function ApprovalsPage() {
  const { approval, accounts, trees, done } = useLoaderData<typeof loadApprovalsPage>();
  const refused = useActionData<typeof approvalsAction>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("admin");
  return (
    <div className="admin">
      <h1>{t("approvals.heading")}</h1>
      <AdminNav />
      {done && (
        <p className="notice notice-success" role="status">
          {t(`approvals.done.${done}`)}
        </p>
      )}
      {refused && refused.memberId === null && refused.treeId === null && (
        <p className="notice notice-error" role="alert">
          {refused.message}
        </p>
      )}
      {!approval ? (
        <>
          <p className="notice" role="status">
            {t("approvals.off")}
          </p>
          <h2>{t("approvals.unconfirmed")}</h2>
          {accounts.length === 0 ? (
            <p>{t("approvals.none")}</p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label={t("approvals.unconfirmedLabel")}>
              <table className="results admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("members.column.username")}</th>
                    <th scope="col">{t("members.column.email")}</th>
                    <th scope="col">{t("members.column.name")}</th>
                    <th scope="col">{t("approvals.signedUp")}</th>
                  </tr>
                </thead>
                <tbody>
                  {accounts.map((a) => (
                    <tr key={a.id}>
                      <td>
                        <Link to={adminMemberPath(a.id)}>{a.username}</Link>
                      </td>
                      <td>{a.email}</td>
                      <td>{a.name}</td>
                      <td className="nowrap">{formatTimestamp(a.signedUp)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : accounts.length === 0 ? (
        <p>{t("members.noneWaiting")}</p>
      ) : (
        <ul className="approval-list">
          {accounts.map((a) => {
            const error = refused && refused.memberId === a.id ? refused : null;
            const reasonId = `reason-${a.id}`;
            return (
              <li key={a.id} className="approval" aria-labelledby={`who-${a.id}`}>
                <h2 id={`who-${a.id}`}>
                  <Link to={adminMemberPath(a.id)}>{a.username}</Link>
                </h2>
                <p>
                  {a.name || t("approvals.noName")} · {a.email} ·{" "}
                  {t("approvals.signedUpAt", { when: formatTimestamp(a.signedUp) })}
                  {a.verifiedAt && <> · {t("approvals.confirmedAt", { when: formatTimestamp(a.verifiedAt) })}</>}
                </p>
                {error && !error.reasonError && (
                  <p className="field-error" role="alert">
                    {error.message}
                  </p>
                )}
                <ApprovalActions
                  idName="memberId"
                  id={a.id}
                  intents={{ approve: "approve", reject: "reject" }}
                  subject={a.username}
                  reasonId={reasonId}
                  maxReason={MAX_REASON_LENGTH}
                  reasonError={error?.reasonError ?? null}
                  busy={busy}
                />
              </li>
            );
          })}
        </ul>
      )}
      <WaitingTrees
        trees={trees}
        refused={refused && refused.treeId !== null ? refused : null}
        busy={busy}
        maxReason={MAX_REASON_LENGTH}
      />
    </div>
  );
}
