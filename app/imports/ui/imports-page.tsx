import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminNav, formatTimestamp } from "~/admin/ui/admin-nav";
import { Pager } from "~/listing/ui/result-controls";
import { PATHS, adminExportPath } from "~/routing/paths";
import { formatCount } from "~/ui/format";
import type { loadImportsPage } from "../pages.server";
import { StatusBadge } from "./status";

export function ImportsPage() {
  const { batches, total, page, pageCount, destinations } = useLoaderData<typeof loadImportsPage>();
  const [params] = useSearchParams();
  const discarded = params.get("discarded");
  return (
    <div className="admin">
      <h1>Imports</h1>
      <AdminNav />
      {discarded && (
        <p className="notice notice-success" role="status">
          Import #{discarded} was discarded; its file is deleted.
        </p>
      )}
      <p>
        Load the volunteers’ transcriptions into a record collection: upload a CSV file, check how its columns map onto
        the collection’s fields, read the report of every problem, then import. An import adds all its rows or none;
        importing a file again updates the rows it changed, and an import can be undone.
      </p>
      <p>
        <Link to={PATHS.adminImportsNew} className="btn btn-primary">
          New import
        </Link>
      </p>
      <h2>Batches</h2>
      {batches.length === 0 ? (
        <p>No file has been imported yet.</p>
      ) : (
        <>
          <p>{formatCount(total)} imports, newest first.</p>
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Import batches">
            <table className="results admin-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">File</th>
                  <th scope="col">Into</th>
                  <th scope="col">Status</th>
                  <th scope="col">Rows</th>
                  <th scope="col">By</th>
                  <th scope="col">Uploaded</th>
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
                      {b.progress.running && <> {b.progress.percent} %</>}
                    </td>
                    <td className="nowrap">
                      {b.status === "imported" || b.status === "undone"
                        ? `${formatCount(b.rows.new)} new, ${formatCount(b.rows.changed)} changed, ${formatCount(b.rows.unchanged)} unchanged`
                        : b.checked
                          ? `${formatCount(b.rows.total)} (${formatCount(b.rows.error)} with problems)`
                          : `about ${formatCount(b.rows.total)}`}
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
            label="Import pages"
          />
        </>
      )}
      <h2>Exports</h2>
      <p>
        A whole collection or place index as CSV in the import format: the same file imported again changes nothing, so
        an export is also the starting point for corrections.
      </p>
      <ul className="export-list">
        {destinations.map((d) => (
          <li key={d.id}>
            <a href={adminExportPath(d.id)} download>
              {d.title}
            </a>{" "}
            <span className="hint">
              ({formatCount(d.size)} {d.kind === "places" ? "places" : "records"})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
