import { Link, useLoaderData } from "@remix-run/react";
import type { loadTreePreview } from "../trees-pages.server";
import { TREE_STATUS_LABELS, dayOf } from "./tree-status";

/** /members/genealogy/trees/:treeId: a tree as its submitter or an administrator sees it, before approval too. */
export function TreePreviewPage() {
  const { tree, own, warnings, people, myTreesPath, approvalsPath } = useLoaderData<typeof loadTreePreview>();
  return (
    <>
      <p className="breadcrumb">
        {own ? <Link to={myTreesPath}>Your trees</Link> : <Link to={approvalsPath}>Approvals</Link>} › {tree.title}
      </p>
      <h1>{tree.title}</h1>
      <dl className="dl-grid">
        <div>
          <dt>Status</dt>
          <dd>{TREE_STATUS_LABELS[tree.status]}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            {dayOf(tree.submittedAt)} by {tree.submitter}
          </dd>
        </div>
        <div>
          <dt>File</dt>
          <dd>{tree.fileName}</dd>
        </div>
        <div>
          <dt>Contents</dt>
          <dd>
            {tree.people.toLocaleString("en")} people, {tree.families.toLocaleString("en")} families
          </dd>
        </div>
        {tree.replacesTitle && (
          <div>
            <dt>Replaces</dt>
            <dd>{tree.replacesTitle}</dd>
          </div>
        )}
      </dl>
      {tree.status === "pending" && (
        <p className="notice" role="note">
          Waiting for an administrator: only the submitter and the administrators see these people. Their numbers are
          given for now and may change when the tree is approved.
        </p>
      )}
      <h2>Warnings ({tree.warnings.toLocaleString("en")})</h2>
      {warnings.length === 0 ? (
        <p>The file was read without warnings.</p>
      ) : (
        <div className="gedcom-problems">
          <ol>
            {warnings.map((w, i) => (
              <li key={i}>
                {w.line > 0 ? `Line ${w.line}: ` : ""}
                {w.message}
              </li>
            ))}
          </ol>
          {tree.warnings > warnings.length && <p>… and {tree.warnings - warnings.length} more.</p>}
        </div>
      )}
      <h2>People</h2>
      {people.length === 0 ? (
        <p>None: the tree is no longer in the database.</p>
      ) : (
        <>
          {tree.people > people.length && (
            <p>
              The first {people.length.toLocaleString("en")} of {tree.people.toLocaleString("en")}, by name.
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
