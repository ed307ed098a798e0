import { useEffect } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { loadMyTrees, myTreesAction } from "../trees-pages.server";
import { TREE_STATUS_LABELS, dayOf } from "./tree-status";
import { GedcomProblems } from "./tree-submit-page";

const NOTICES = {
  submitted: "Your tree is uploaded. An administrator will look at it; until it is approved only you see its people.",
  replacement:
    "The newer file is uploaded. Until an administrator approves it, members see the tree as it was; then the new file takes its place.",
  withdrawn: "The tree is withdrawn: its people are no longer in the Master Pedigree Database.",
  reading: "Your file is uploaded and is being read. You may leave this page: what comes of it is shown here.",
} as const;

type Jobs = ReturnType<typeof useLoaderData<typeof loadMyTrees>>["jobs"];

/** The member's files being read (with how far) and those refused lately (with their errors by line). */
function TreeJobs({ jobs, pollMs }: { jobs: Jobs; pollMs: number }) {
  const revalidator = useRevalidator();
  const reading = jobs.some((j) => j.status === "reading");
  useEffect(() => {
    if (!reading) return;
    // The page asks again while a file is read, so the bar moves and the result shows without a reload.
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, pollMs);
    return () => clearInterval(timer);
  }, [reading, pollMs, revalidator]);
  if (!jobs.length) return null;
  return (
    <section aria-labelledby="tree-jobs-title" className="tree-jobs">
      <h2 id="tree-jobs-title">Files you sent</h2>
      {jobs.map((j) => (
        <div key={j.batchId} className="tree-job" data-status={j.status}>
          <h3>
            {j.title} <span className="hint">({j.fileName})</span>
          </h3>
          {j.status === "reading" ? (
            <p role="status">
              <span id={`tree-job-${j.batchId}`}>Being read{j.percent === null ? "…" : `: ${j.percent} %`}</span>{" "}
              {j.percent !== null && <progress value={j.percent} max={100} aria-labelledby={`tree-job-${j.batchId}`} />}
            </p>
          ) : (
            <>
              <p className="notice notice-error" role="alert">
                Not taken, {dayOf(j.createdAt)}: {j.error} Correct the file in your genealogy program, export it again
                and submit it.
              </p>
              {j.problems.length > 0 && <GedcomProblems problems={j.problems} more={j.more} />}
            </>
          )}
        </div>
      ))}
    </section>
  );
}

/** /members/genealogy/my-trees: the member's own submissions, each with what may be done with it. */
export function MyTreesPage() {
  const { trees, jobs, pollMs, done, submitPath, searchPath } = useLoaderData<typeof loadMyTrees>();
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
      <TreeJobs jobs={jobs} pollMs={pollMs} />
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
