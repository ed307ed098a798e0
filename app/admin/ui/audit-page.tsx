import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatCount } from "~/ui/format";
import type { AuditRow, loadAuditPage } from "../audit.server";
import { FieldError, describedBy } from "~/listing/ui/form-fields";
import { Pager } from "~/listing/ui/result-controls";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { PATHS, adminMemberPath } from "~/routing/paths";

function Who({ who }: { who: AuditRow["actor"] }) {
  if (!who) return <span className="not-given">—</span>;
  if (who.username === null) return <span className="not-given">deleted account #{who.id}</span>;
  return <Link to={adminMemberPath(who.id)}>{who.username}</Link>;
}

/** Audit entries as a table: when, who, what, to whom, details, from where. */
export function AuditTable({ rows, label }: { rows: AuditRow[]; label: string }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="results admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">By</th>
            <th scope="col">Account</th>
            <th scope="col">Details</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="nowrap">{formatTimestamp(r.at)}</td>
              <td className="nowrap">{r.action}</td>
              <td>
                <Who who={r.actor} />
              </td>
              <td>
                <Who who={r.subject} />
              </td>
              <td className="cell-details">{r.details}</td>
              <td className="nowrap">{r.ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AuditPage() {
  const { values, errors, result } = useLoaderData<typeof loadAuditPage>();
  const errorCount = Object.keys(errors).length;
  const query = new URLSearchParams(
    Object.entries(values).filter(([k, v]) => k !== "page" && v !== undefined) as [string, string][],
  );
  const pageHref = (page: number) => {
    const params = new URLSearchParams(query);
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return `${PATHS.adminAudit}${text ? `?${text}` : ""}`;
  };
  const textField = (name: "action" | "user" | "from" | "to", label: string, type: "search" | "date") => (
    <div className="field">
      <label htmlFor={`audit-${name}`}>{label}</label>
      <input
        id={`audit-${name}`}
        name={name}
        type={type}
        defaultValue={values[name] ?? ""}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(errors, name)}
      />
      <FieldError errors={errors} name={name} />
    </div>
  );
  return (
    <div className="admin">
      <h1>Audit log</h1>
      <AdminNav />
      <Form method="get" className="search-form" role="search" aria-label="Search the audit log">
        {errorCount > 0 && (
          <div className="notice notice-warning" role="alert">
            Please correct the {errorCount === 1 ? "field" : "fields"} marked below; nothing was searched.
          </div>
        )}
        {textField("action", "Action contains", "search")}
        {textField("user", "Username (who acted, or whose account)", "search")}
        {textField("from", "From", "date")}
        {textField("to", "To", "date")}
        <FieldError errors={errors} name="page" />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          <Link to={PATHS.adminAudit} className="btn btn-secondary">
            Clear
          </Link>
        </div>
      </Form>
      {result && (
        <section aria-labelledby="audit-heading">
          <h2 id="audit-heading" aria-live="polite">
            {result.total === 0
              ? "No entries found"
              : `${formatCount(result.total)} ${result.total === 1 ? "entry" : "entries"}, newest first`}
          </h2>
          {result.total > 0 && (
            <>
              <AuditTable rows={result.rows} label="Audit log entries" />
              <Pager page={result.page} pageCount={result.pageCount} label="Audit log pages" href={pageHref} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
