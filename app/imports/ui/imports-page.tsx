import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminNav, formatTimestamp } from "~/admin/ui/admin-nav";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import { Pager } from "~/listing/ui/result-controls";
import { PATHS, adminExportPath } from "~/routing/paths";
import type { BatchSummary, loadImportsPage } from "../pages.server";
import { StatusBadge } from "./status";

export function ImportsPage() {
  const { batches, total, page, pageCount, destinations } = useLoaderData<typeof loadImportsPage>();
  const [params] = useSearchParams();
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  const discarded = params.get("discarded");
  return (
    <div className="admin">
      <h1>{t("list.heading")}</h1>
      <AdminNav />
      {discarded && (
        <p className="notice notice-success" role="status">
          {t("list.discarded", { id: discarded })}
        </p>
      )}
      <p>{t("list.lead")}</p>
      <p>
        <Link to={PATHS.adminImportsNew} className="btn btn-primary">
          {t("list.new")}
        </Link>
      </p>
      <h2>{t("list.batches")}</h2>
      {batches.length === 0 ? (
        <p>{t("list.none")}</p>
      ) : (
        <>
          <p>{t("list.count", { count: total, n: number(total) })}</p>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={t("list.tableLabel")}>
            <table className="results admin-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t("list.file")}</th>
                  <th scope="col">{t("list.into")}</th>
                  <th scope="col">{t("list.status")}</th>
                  <th scope="col">{t("list.rows")}</th>
                  <th scope="col">{t("list.by")}</th>
                  <th scope="col">{t("list.uploaded")}</th>
                </tr>
              </thead>
              <tbody>
                {batches.map((b) => (
                  <tr key={b.id}>
                    <td>
                      <Link to={b.href}>#{b.id}</Link>
                    </td>
                    <td>
                      <Link to={b.href}>{b.fileName}</Link>
                    </td>
                    <td>{b.target}</td>
                    <td>
                      <StatusBadge status={b.status} />
                      {b.progress.running && <> {number(b.progress.percent)} %</>}
                    </td>
                    <td className="nowrap">
                      <BatchRows batch={b} />
                    </td>
                    <td>{b.createdBy}</td>
                    <td className="nowrap">{formatTimestamp(b.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageCount={pageCount}
            href={(p) => `${PATHS.adminImports}?page=${p}`}
            label={t("list.pagerLabel")}
          />
        </>
      )}
      <h2>{t("list.exports")}</h2>
      <p>{t("list.exportsLead")}</p>
      <ul className="export-list">
        {destinations.map((d) => (
          <li key={d.id}>
            <a href={adminExportPath(d.id)} download>
              {d.title}
            </a>{" "}
            <span className="hint">
              ({t(d.kind === "places" ? "list.places" : "list.records", { count: d.size, n: number(d.size) })})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A batch's rows as the list sums them up: what an import did, what a check found, or the first estimate. */
function BatchRows({ batch: b }: { batch: BatchSummary }) {
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  if (b.status === "imported" || b.status === "undone") {
    return (
      <>
        {t("list.rowsDone", {
          new: number(b.rows.new),
          changed: number(b.rows.changed),
          unchanged: number(b.rows.unchanged),
        })}
      </>
    );
  }
  if (b.checked) {
    return (
      <>{t("list.rowsChecked", { count: b.rows.error, total: number(b.rows.total), error: number(b.rows.error) })}</>
    );
  }
  return <>{t("list.rowsAbout", { total: number(b.rows.total) })}</>;
}
