import { useEffect } from "react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { loadMyTrees, myTreesAction } from "../trees-pages.server";
import { dayOf, treeStatusKey } from "./tree-status";
import { GedcomProblems } from "./tree-submit-page";
import { type TFunction, useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";

type Jobs = ReturnType<typeof useLoaderData<typeof loadMyTrees>>["jobs"];

/** The member's files being read (with how far) and those refused lately (with their errors by line). */
function TreeJobs({ jobs, pollMs, t }: { jobs: Jobs; pollMs: number; t: TFunction }) {
  const revalidator = useRevalidator();
  const format = useFormat();
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
      <h2 id="tree-jobs-title">{t("myTrees.jobs")}</h2>
      {jobs.map((j) => (
        <div key={j.batchId} className="tree-job" data-status={j.status}>
          <h3>
            {j.title} <span className="hint">({j.fileName})</span>
          </h3>
          {j.status === "reading" ? (
            <p role="status">
              <span id={`tree-job-${j.batchId}`}>
                {j.percent === null ? t("myTrees.reading") : t("myTrees.readingPercent", { percent: j.percent })}
              </span>{" "}
              {j.percent !== null && <progress value={j.percent} max={100} aria-labelledby={`tree-job-${j.batchId}`} />}
            </p>
          ) : (
            <>
              <p className="notice notice-error" role="alert">
                {t("myTrees.notTaken", { day: format.day(dayOf(j.createdAt), 0), error: j.error ?? "" })}
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
  const { t } = useTranslation("trees");
  const format = useFormat();
  return (
    <>
      <p className="breadcrumb">
        <Link to={searchPath}>{t("database")}</Link> › {t("myTrees.breadcrumb")}
      </p>
      <h1>{t("myTrees.heading")}</h1>
      {done && (
        <p className="notice notice-success" role="status">
          {t(`myTrees.done.${done}`)}
        </p>
      )}
      {refused && (
        <p className="notice notice-error" role="alert">
          {refused.message}
        </p>
      )}
      <p>
        <Link to={submitPath} className="btn btn-primary">
          {t("myTrees.submit")}
        </Link>
      </p>
      <TreeJobs jobs={jobs} pollMs={pollMs} t={t} />
      {trees.length === 0 ? (
        <p>{t("myTrees.none")}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t("myTrees.breadcrumb")}>
          <table className="results admin-table card-table tree-table">
            <thead>
              <tr>
                <th scope="col" className="unsortable">
                  {t("myTrees.title")}
                </th>
                <th scope="col" className="unsortable">
                  {t("myTrees.file")}
                </th>
                <th scope="col" className="unsortable">
                  {t("myTrees.people")}
                </th>
                <th scope="col" className="unsortable">
                  {t("myTrees.families")}
                </th>
                <th scope="col" className="unsortable">
                  {t("myTrees.status")}
                </th>
                <th scope="col" className="unsortable">
                  {t("myTrees.submitted")}
                </th>
                <th scope="col" className="unsortable">
                  <span className="visually-hidden">{t("myTrees.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {trees.map((tree) => (
                <tr key={tree.id}>
                  <td className="card-title">
                    {tree.status === "pending" || tree.status === "approved" ? (
                      <Link to={tree.previewHref}>{tree.title}</Link>
                    ) : (
                      tree.title
                    )}
                    {tree.replacesTitle && (
                      <div className="hint">{t("myTrees.replaces", { title: tree.replacesTitle })}</div>
                    )}
                  </td>
                  <td className="cell-email" data-label={t("myTrees.file")}>
                    {tree.fileName}
                  </td>
                  <td className="num" data-label={t("myTrees.people")}>
                    {format.number(tree.people)}
                  </td>
                  <td className="num" data-label={t("myTrees.families")}>
                    {format.number(tree.families)}
                  </td>
                  <td data-label={t("myTrees.status")}>
                    {t(treeStatusKey(tree.status))}
                    {tree.warnings > 0 && <div className="hint">{t("warnings", { count: tree.warnings })}</div>}
                  </td>
                  <td className="nowrap" data-label={t("myTrees.submitted")}>
                    {format.day(dayOf(tree.submittedAt), 0)}
                  </td>
                  <td>
                    <div className="admin-actions">
                      {tree.replaceHref && (
                        <Link to={tree.replaceHref}>
                          {t("myTrees.replace")}
                          <span className="visually-hidden">: {tree.title}</span>
                        </Link>
                      )}
                      {tree.canWithdraw && (
                        <Form method="post">
                          <AuthenticityTokenInput name="csrf" />
                          <input type="hidden" name="treeId" value={tree.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="withdraw"
                            className="btn btn-secondary"
                            disabled={busy}
                          >
                            {t("myTrees.withdraw")}
                            <span className="visually-hidden">: {tree.title}</span>
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
