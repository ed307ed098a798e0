import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { loadMyTrees, myTreesAction } from "../trees-pages.server";
import { TREE_STATUS_LABELS, dayOf } from "./tree-status";

const NOTICES = {
  submitted: "Your tree is uploaded. An administrator will look at it; until it is approved only you see its people.",
  replacement:
    "The newer file is uploaded. Until an administrator approves it, members see the tree as it was; then the new file takes its place.",
  withdrawn: "The tree is withdrawn: its people are no longer in the Master Pedigree Database.",
} as const;

/** /members/genealogy/my-trees: the member's own submissions, each with what may be done with it. */
export function MyTreesPage() {
  const { trees, done, submitPath, searchPath } = useLoaderData<typeof loadMyTrees>();
  const refused = useActionData<typeof myTreesAction>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p className="breadcrumb">
        <Link to={searchPath}>Master Pedigree Database</Link> › Your trees
      </p>
      <h1>Your family trees</h1>
      {done && (
        <p className="notice notice-success" role="status">
          {NOTICES[done]}
        </p>
      )}
      {refused && (
        <p className="notice notice-error" role="alert">
          {refused.message}
        </p>
      )}
      <p>
        <Link to={submitPath} className="btn btn-primary">
          Submit a tree
        </Link>
      </p>
      {trees.length === 0 ? (
        <p>You have not submitted a tree yet.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Your trees">
          <table className="results admin-table card-table tree-table">
            <thead>
              <tr>
                <th scope="col" className="unsortable">
                  Title
                </th>
                <th scope="col" className="unsortable">
                  File
                </th>
                <th scope="col" className="unsortable">
                  People
                </th>
                <th scope="col" className="unsortable">
                  Families
                </th>
                <th scope="col" className="unsortable">
                  Status
                </th>
                <th scope="col" className="unsortable">
                  Submitted
                </th>
                <th scope="col" className="unsortable">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {trees.map((t) => (
                <tr key={t.id}>
                  <td className="card-title">
                    {t.status === "pending" || t.status === "approved" ? (
                      <Link to={t.previewHref}>{t.title}</Link>
                    ) : (
                      t.title
                    )}
                    {t.replacesTitle && <div className="hint">Replaces “{t.replacesTitle}”</div>}
                  </td>
                  <td className="cell-email" data-label="File">
                    {t.fileName}
                  </td>
                  <td className="num" data-label="People">
                    {t.people.toLocaleString("en")}
                  </td>
                  <td className="num" data-label="Families">
                    {t.families.toLocaleString("en")}
                  </td>
                  <td data-label="Status">
                    {TREE_STATUS_LABELS[t.status]}
                    {t.warnings > 0 && (
                      <div className="hint">
                        {t.warnings} {t.warnings === 1 ? "warning" : "warnings"}
                      </div>
                    )}
                  </td>
                  <td className="nowrap" data-label="Submitted">
                    {dayOf(t.submittedAt)}
                  </td>
                  <td>
                    <div className="admin-actions">
                      {t.replaceHref && (
                        <Link to={t.replaceHref}>
                          Replace with a newer file<span className="visually-hidden">: {t.title}</span>
                        </Link>
                      )}
                      {t.canWithdraw && (
                        <Form method="post">
                          <AuthenticityTokenInput name="csrf" />
                          <input type="hidden" name="treeId" value={t.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="withdraw"
                            className="btn btn-secondary"
                            disabled={busy}
                          >
                            Withdraw<span className="visually-hidden">: {t.title}</span>
                          </button>
                        </Form>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
