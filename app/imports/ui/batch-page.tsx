import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminNav, formatTimestamp } from "~/admin/ui/admin-nav";
import { adminImportEventsPath, adminImportPath, adminImportProblemsPath } from "~/routing/paths";
import { formatCount } from "~/ui/format";
import { DELIMITERS } from "../csv";
import { IMPORT_ENCODINGS } from "../encoding";
import { NO_TARGET } from "../forms";
import type { batchAction, loadBatchPage } from "../pages.server";
import { LiveProgress, ProgressBar, StatusBadge } from "./status";

type PageData = ReturnType<typeof useLoaderData<typeof loadBatchPage>>;
type Submitted = { encoding?: string; delimiter?: string; calendar?: string; sheet?: string; columns?: string[] };

/** What a batch's rows become: records, or places of an index. */
const noun = (page: PageData) => (page.collection.kind === "places" ? "places" : "records");

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${formatCount(Math.ceil(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function BatchPage() {
  const page = useLoaderData<typeof loadBatchPage>();
  const refused = useActionData<typeof batchAction>();
  const { batch, collection, progress } = page;
  const editable = ["uploaded", "checked", "failed"].includes(batch.status);
  return (
    <div className="admin">
      <h1>
        Import #{batch.id}: {batch.fileName}
      </h1>
      <AdminNav />
      <p className="import-headline">
        <StatusBadge status={batch.status} /> into <strong>{collection.title}</strong>
      </p>
      {refused?.message && (
        <p className="notice notice-error" role="alert">
          {refused.message}
        </p>
      )}
      {batch.error && !progress.running && (
        <p className="notice notice-error" role="alert">
          {batch.error}
        </p>
      )}
      {progress.running && <LiveProgress eventsPath={adminImportEventsPath(batch.id)} initial={progress} />}
      {batch.status === "imported" && <Result page={page} />}
      {batch.status === "undone" && (
        <p className="notice notice-success" role="status">
          Undone {batch.undoneAt ? formatTimestamp(batch.undoneAt) : ""} by {batch.undoneBy}: the{" "}
          {formatCount(batch.rows.new)} {noun(page)} it added are removed and the {formatCount(batch.rows.changed)} it
          changed are as they were.
        </p>
      )}
      {editable && batch.checked && <Report page={page} />}
      {editable && page.tooWide && (
        <p className="notice notice-error" role="alert">
          {page.tooWide}
        </p>
      )}
      {editable && !page.tooWide && <Settings page={page} />}
      {editable && <Discard />}
      <FileFacts page={page} />
    </div>
  );
}

function Result({ page }: { page: PageData }) {
  const { batch, collection, laterBatch, progress } = page;
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="result-heading" className="import-section">
      <h2 id="result-heading">Result</h2>
      <ProgressBar view={progress} label="Import progress" />
      <p className="notice notice-success" role="status">
        {formatCount(batch.rows.new)} new, {formatCount(batch.rows.changed)} changed,{" "}
        {formatCount(batch.rows.unchanged)} unchanged
        {batch.rows.skipped > 0 && <>; {formatCount(batch.rows.skipped)} rows with problems left out</>}.
        {batch.durationMs !== null && <> It took {(batch.durationMs / 1000).toFixed(1)} s.</>}
      </p>
      {collection.searchPath && (
        <p>
          <Link to={collection.searchPath}>Search {collection.title}</Link>
        </p>
      )}
      <h3>Undo</h3>
      {laterBatch ? (
        <p>
          Import <Link to={adminImportPath(laterBatch)}>#{laterBatch}</Link> came after this one into the same
          collection: undo it first.
        </p>
      ) : (
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <p>
            Removes the {formatCount(batch.rows.new)} {noun(page)} this import added and puts back the{" "}
            {formatCount(batch.rows.changed)} it changed as they were before.
          </p>
          <button type="submit" name="intent" value="undo" className="btn btn-secondary" disabled={busy}>
            Undo this import
          </button>
        </Form>
      )}
    </section>
  );
}

function Report({ page }: { page: PageData }) {
  const { batch, problems, moreProblems, canImport } = page;
  const busy = useNavigation().state === "submitting";
  const valid = batch.rows.total - batch.rows.error;
  return (
    <section aria-labelledby="report-heading" className="import-section">
      <h2 id="report-heading">Check</h2>
      <p role="status">
        {formatCount(batch.rows.total)} rows: {formatCount(valid)} can be imported ({formatCount(batch.rows.new)} new,{" "}
        {formatCount(batch.rows.changed)} changed, {formatCount(batch.rows.unchanged)} unchanged)
        {batch.rows.error > 0 ? <>; {formatCount(batch.rows.error)} rows have problems.</> : <>; no problems.</>}
      </p>
      {problems.length > 0 && (
        <>
          <h3>Problems</h3>
          <RowMessages label="Problems found in the file" kind="Problem" messages={problems} />
          <p>
            {moreProblems > 0 && <>{formatCount(moreProblems)} more problems are not shown here. </>}
            <a href={adminImportProblemsPath(batch.id)} download>
              Download every problem as CSV
            </a>
          </p>
        </>
      )}
      {page.warnings.length > 0 && <Warnings page={page} />}
      <Form method="post" className="import-go">
        <AuthenticityTokenInput name="csrf" />
        {batch.rows.error > 0 && (
          <div className="field-check">
            <input id="skipBadRows" name="skipBadRows" type="checkbox" defaultChecked={batch.settings.skipBadRows} />
            <label htmlFor="skipBadRows">
              Leave out the {formatCount(batch.rows.error)} rows with problems and import the other {formatCount(valid)}
            </label>
          </div>
        )}
        {canImport && batch.rows.error === 0 && <p className="hint">{canImport}</p>}
        <button type="submit" name="intent" value="import" className="btn btn-primary" disabled={busy || valid === 0}>
          Import {formatCount(valid)} rows
        </button>
      </Form>
    </section>
  );
}

/** Rows that import but may be wrong: text that reads as UTF-8 in a file read in a code page. */
function Warnings({ page }: { page: PageData }) {
  const { warnings, warningRows } = page;
  return (
    <>
      <h3>Warnings</h3>
      <p>
        {formatCount(warningRows)} rows look misread. They can be imported, but check them first:
        {warningRows > warnings.length && <> the first {formatCount(warnings.length)} are shown.</>}
      </p>
      <RowMessages label="Warnings about the file" kind="Warning" messages={warnings} />
    </>
  );
}

/** The check's problems or warnings, each by row and column. */
function RowMessages({
  label,
  kind,
  messages,
}: {
  label: string;
  kind: string;
  messages: readonly { row: number; column: string; message: string }[];
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="results admin-table problems-table">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">{kind}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m, i) => (
            <tr key={i}>
              <td>{m.row}</td>
              <td>{m.column || "—"}</td>
              <td>{m.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Settings({ page }: { page: PageData }) {
  const { batch, targets, calendars } = page;
  const refused = useActionData<typeof batchAction>();
  const busy = useNavigation().state === "submitting";
  const result = refused?.result ?? null;
  const submitted = (result?.initialValue ?? {}) as Submitted;
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  const columnErrors = errors.columns ?? null;
  return (
    <section aria-labelledby="settings-heading" className="import-section">
      <h2 id="settings-heading">{batch.checked ? "Settings" : "Settings and columns"}</h2>
      <Form method="post" key={JSON.stringify(submitted)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        <div className="import-settings">
          {batch.format === "xlsx" ? (
            <div className="field">
              <input type="hidden" name="encoding" value={batch.settings.encoding} />
              <input type="hidden" name="delimiter" value={batch.settings.delimiter} />
              <label htmlFor="sheet">Sheet</label>
              <select id="sheet" name="sheet" defaultValue={submitted.sheet ?? batch.settings.sheet ?? ""}>
                {batch.sheets.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <>
              <div className="field">
                <label htmlFor="encoding">Encoding</label>
                <select
                  id="encoding"
                  name="encoding"
                  defaultValue={submitted.encoding ?? batch.settings.encoding}
                  aria-describedby="encoding-hint"
                >
                  {IMPORT_ENCODINGS.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.label}
                    </option>
                  ))}
                </select>
                <p className="hint" id="encoding-hint">
                  Recognised: {batch.encodingDetectedLabel}.
                </p>
              </div>
              <div className="field">
                <label htmlFor="delimiter">Delimiter</label>
                <select id="delimiter" name="delimiter" defaultValue={submitted.delimiter ?? batch.settings.delimiter}>
                  {DELIMITERS.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.label}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          <div className="field">
            <label htmlFor="calendar">Single dates are written in</label>
            <select
              id="calendar"
              name="calendar"
              defaultValue={submitted.calendar ?? batch.settings.calendar}
              aria-describedby="calendar-hint"
            >
              {calendars.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
            <p className="hint" id="calendar-hint">
              A double date (1/13 Mar 1858) or one marked Julian says its calendar itself.
            </p>
          </div>
        </div>
        <h3 id="columns-heading">Columns</h3>
        <p className="hint">
          Each column of the file and the field it goes into. Columns left out are not imported. Choose a source key
          column (an id the volunteers keep) to have a later import of the same rows update them.
        </p>
        {page.unmappedNames.length > 0 && (
          <div className="notice notice-warning" role="status" id="unmapped-names">
            <p>These columns look like names but go into no field, so their values would not be imported:</p>
            <ul>
              {page.unmappedNames.map((h) => (
                <li key={h}>“{h}”</li>
              ))}
            </ul>
            <p>Choose the field each goes into, or leave it out if it is not wanted.</p>
          </div>
        )}
        {columnErrors && (
          <ul className="field-error" id="columns-error">
            {columnErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="columns-heading">
          <table className="results admin-table mapping-table">
            <thead>
              <tr>
                <th scope="col">Column in the file</th>
                <th scope="col">First values</th>
                <th scope="col">Goes into</th>
              </tr>
            </thead>
            <tbody>
              {page.columns.map(({ header, values }, i) => {
                const name = `columns[${i}]`;
                const error = errors[name]?.[0];
                return (
                  <tr key={`${i}-${header}`}>
                    <th scope="row">{header}</th>
                    <td className="sample-values">{values.join(" · ") || <span className="not-given">empty</span>}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`column-${i}`}>
                        Field for the column “{header}”
                      </label>
                      <select
                        id={`column-${i}`}
                        name={name}
                        defaultValue={submitted.columns?.[i] ?? batch.settings.columns[i] ?? NO_TARGET}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `column-${i}-error` : undefined}
                      >
                        <option value={NO_TARGET}>— leave out —</option>
                        {targets.map((t) => (
                          <option key={t.name} value={t.name}>
                            {t.label}
                            {t.required ? " (required)" : ""}
                          </option>
                        ))}
                      </select>
                      {error && (
                        <p className="field-error" id={`column-${i}-error`}>
                          {error}
                        </p>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="admin-actions">
          <button type="submit" name="intent" value="check" className="btn btn-primary" disabled={busy}>
            {batch.checked ? "Check again with these settings" : "Check the file"}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Discarding is a form of its own: it sends nothing of the mapping, so it works whatever the file. */
function Discard() {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="admin-actions">
      <AuthenticityTokenInput name="csrf" />
      <button type="submit" name="intent" value="discard" className="btn btn-secondary" disabled={busy}>
        Discard this import
      </button>
    </Form>
  );
}

function FileFacts({ page }: { page: PageData }) {
  const { batch } = page;
  return (
    <section aria-labelledby="file-heading" className="import-section">
      <h2 id="file-heading">File</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{batch.fileName}</dd>
        <dt>Size</dt>
        <dd>{megabytes(batch.bytes)}</dd>
        <dt>SHA-256</dt>
        <dd className="checksum">{batch.sha256}</dd>
        {batch.format === "xlsx" ? (
          <>
            <dt>Workbook</dt>
            <dd>
              Excel (.xlsx), sheet “{batch.settings.sheet ?? batch.sheets[0]}” of {batch.sheets.length}
            </dd>
          </>
        ) : (
          <>
            <dt>Encoding</dt>
            <dd>{batch.encodingDetectedLabel} (recognised)</dd>
            <dt>Delimiter</dt>
            <dd>{batch.delimiterLabel}</dd>
          </>
        )}
        <dt>Uploaded</dt>
        <dd>
          {formatTimestamp(batch.createdAt)} by {batch.createdBy}
        </dd>
        {batch.finishedAt && (
          <>
            <dt>Last finished</dt>
            <dd>{formatTimestamp(batch.finishedAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
