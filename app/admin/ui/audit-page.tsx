import { Form, Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import type { AuditRow, loadAuditPage } from "../audit.server";
import { FieldError, describedBy } from "~/listing/ui/form-fields";
import { Pager } from "~/listing/ui/result-controls";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { PATHS, adminMemberPath } from "~/routing/paths";

/** The search form's fields: name, the catalog's label and the input's type. */
const AUDIT_FIELDS = [
  { name: "action", label: "audit.actionContains", type: "search" },
  { name: "user", label: "audit.user", type: "search" },
  { name: "from", label: "audit.from", type: "date" },
  { name: "to", label: "audit.to", type: "date" },
] as const;

function Who({ who }: { who: AuditRow["actor"] }) {
  const { t } = useTranslation("admin");
  if (!who) return <span className="not-given">—</span>;
  if (who.username === null) return <span className="not-given">{t("audit.deleted", { id: who.id })}</span>;
  return <Link to={adminMemberPath(who.id)}>{who.username}</Link>;
}

/** Audit entries as a table: when, who, what, to whom, details, from where. */
export function AuditTable({ rows, label }: { rows: AuditRow[]; label: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="results admin-table">
        <thead>
          <tr>
            <th scope="col">{t("audit.when")}</th>
            <th scope="col">{t("audit.action")}</th>
            <th scope="col">{t("audit.by")}</th>
            <th scope="col">{t("audit.account")}</th>
            <th scope="col">{t("audit.details")}</th>
            <th scope="col">{t("audit.address")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="nowrap">{formatTimestamp(r.at)}</td>
              {/* The log's own vocabulary (account.created, tree.submitted …), the same in every language. */}
              <td className="nowrap">
                <code>{r.action}</code>
              </td>
              <td>
                <Who who={r.actor} />
              </td>
              <td>
                <Who who={r.subject} />
              </td>
              <td className="cell-details">
                <code>{r.details}</code>
              </td>
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
  const { t } = useTranslation("admin");
  const { number } = useFormat();
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
      <h1>{t("audit.heading")}</h1>
      <AdminNav />
      <Form method="get" className="search-form" role="search" aria-label={t("audit.searchLabel")}>
        {errorCount > 0 && (
          <div className="notice notice-warning" role="alert">
            {t("correct", { count: errorCount })}
          </div>
        )}
        {AUDIT_FIELDS.map(({ name, label, type }) => (
          <Fragment key={name}>{textField(name, t(label), type)}</Fragment>
        ))}
        <FieldError errors={errors} name="page" />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            {t("search")}
          </button>
          <Link to={PATHS.adminAudit} className="btn btn-secondary">
            {t("clear")}
          </Link>
        </div>
      </Form>
      {result && (
        <section aria-labelledby="audit-heading">
          <h2 id="audit-heading" aria-live="polite">
            {result.total === 0 ? t("audit.none") : t("audit.count", { count: result.total, n: number(result.total) })}
          </h2>
          {result.total > 0 && (
            <>
              <AuditTable rows={result.rows} label={t("audit.tableLabel")} />
              <Pager page={result.page} pageCount={result.pageCount} label={t("audit.pagerLabel")} href={pageHref} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
