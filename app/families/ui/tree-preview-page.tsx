import { Link, useLoaderData } from "@remix-run/react";
import type { loadTreePreview } from "../trees-pages.server";
import { dayOf, treeStatusKey } from "./tree-status";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";

/** /members/genealogy/trees/:treeId: a tree as its submitter or an administrator sees it, before approval too. */
export function TreePreviewPage() {
  const { tree, own, warnings, people, myTreesPath, approvalsPath } = useLoaderData<typeof loadTreePreview>();
  const { t } = useTranslation("trees");
  const format = useFormat();
  return (
    <>
      <p className="breadcrumb">
        {own ? (
          <Link to={myTreesPath}>{t("myTrees.breadcrumb")}</Link>
        ) : (
          <Link to={approvalsPath}>{t("preview.approvals")}</Link>
        )}{" "}
        › {tree.title}
      </p>
      <h1>{tree.title}</h1>
      <dl className="dl-grid">
        <div>
          <dt>{t("myTrees.status")}</dt>
          <dd>{t(treeStatusKey(tree.status))}</dd>
        </div>
        <div>
          <dt>{t("myTrees.submitted")}</dt>
          <dd>{t("preview.submittedBy", { day: format.day(dayOf(tree.submittedAt), 0), name: tree.submitter })}</dd>
        </div>
        <div>
          <dt>{t("myTrees.file")}</dt>
          <dd>{tree.fileName}</dd>
        </div>
        <div>
          <dt>{t("preview.contents")}</dt>
          <dd>
            {t("people", { count: tree.people })}, {t("families", { count: tree.families })}
          </dd>
        </div>
        {tree.replacesTitle && (
          <div>
            <dt>{t("preview.replaces")}</dt>
            <dd>{tree.replacesTitle}</dd>
          </div>
        )}
      </dl>
      {tree.status === "pending" && (
        <p className="notice" role="note">
          {t("preview.pending")}
        </p>
      )}
      <h2>{t("preview.warningsHeading", { total: format.number(tree.warnings) })}</h2>
      {warnings.length === 0 ? (
        <p>{t("preview.noWarnings")}</p>
      ) : (
        <div className="gedcom-problems">
          <ol>
            {warnings.map((w, i) => (
              <li key={i}>{w.line > 0 ? t("problems.line", { line: w.line, message: w.message }) : w.message}</li>
            ))}
          </ol>
          {tree.warnings > warnings.length && <p>{t("problems.more", { count: tree.warnings - warnings.length })}</p>}
        </div>
      )}
      <h2>{t("preview.people")}</h2>
      {people.length === 0 ? (
        <p>{t("preview.noPeople")}</p>
      ) : (
        <>
          {tree.people > people.length && (
            <p>
              {t("preview.firstPeople", { shown: format.number(people.length), total: format.number(tree.people) })}
            </p>
          )}
          <ul className="tree-people">
            {people.map((p) => (
              <li key={p.id}>
                <Link to={p.href}>{p.name}</Link> {p.years && <span className="hint">{p.years}</span>}{" "}
                <span className="hint">{p.id}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
