import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { approvalsAction, loadApprovalsPage } from "../approvals.server";
import { MAX_REASON_LENGTH } from "../forms";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { adminMemberPath } from "~/routing/paths";
import { WaitingTrees } from "~/families/ui/waiting-trees";
import { ApprovalActions } from "~/ui/approval-actions";

const DONE_NOTICES = {
  approved: "The membership is approved and a welcome e-mail is on its way.",
  rejected: "The sign-up is rejected; the account is suspended.",
  "tree-approved": "The family tree is approved: members now find its people.",
  "tree-rejected": "The family tree is rejected; its people are removed.",
} as const;

export function ApprovalsPage() {
  const { approval, accounts, trees, done } = useLoaderData<typeof loadApprovalsPage>();
  const refused = useActionData<typeof approvalsAction>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin">
      <h1>Approvals</h1>
      <AdminNav />
      {done && (
        <p className="notice notice-success" role="status">
          {DONE_NOTICES[done]}
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
            Approval is off: confirming the e-mail address activates a membership. (Set MEMBERSHIP_APPROVAL=admin to
            approve each sign-up here.)
          </p>
          <h2>Sign-ups waiting for their e-mail confirmation</h2>
          {accounts.length === 0 ? (
            <p>None.</p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Unconfirmed sign-ups">
              <table className="results admin-table">
                <thead>
                  <tr>
                    <th scope="col">Username</th>
                    <th scope="col">E-mail</th>
                    <th scope="col">Name</th>
                    <th scope="col">Signed up</th>
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
        <p>No sign-ups are waiting for approval.</p>
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
                  {a.name || "No name given"} · {a.email} · signed up {formatTimestamp(a.signedUp)}
                  {a.verifiedAt && <> · e-mail confirmed {formatTimestamp(a.verifiedAt)}</>}
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
