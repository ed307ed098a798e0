import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminNav, formatTimestamp } from "~/admin/ui/admin-nav";
import { Trans, useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import { adminImportEventsPath, adminImportPath, adminImportProblemsPath } from "~/routing/paths";
import { DELIMITERS } from "../csv";
import { IMPORT_ENCODINGS } from "../encoding";
import { NO_TARGET } from "../forms";
import type { batchAction, loadBatchPage } from "../pages.server";
import { LiveProgress, ProgressBar, StatusBadge } from "./status";

/** The checksum's name: the same in every language. */
const SHA_256 = "SHA-256";

type PageData = ReturnType<typeof useLoaderData<typeof loadBatchPage>>;
type Submitted = { encoding?: string; delimiter?: string; calendar?: string; sheet?: string; columns?: string[] };

/** What a batch's rows become, records or places of an index: the ending of the catalog's keys that name them. */
const noun = (page: PageData) => (page.collection.kind === "places" ? "Places" : "Records");

/** The catalog's key of each delimiter's name. */
export const DELIMITER_KEYS: Readonly<Record<string, string>> = { ",": "comma", ";": "semicolon", "\t": "tab" };

/** The catalog's key of each encoding's name. */
export const ENCODING_KEYS: Readonly<Record<string, string>> = {
  "utf-8": "utf8",
  "windows-1250": "windows1250",
  "windows-1251": "windows1251",
  "windows-1252": "windows1252",
  "iso-8859-2": "iso88592",
};

/** A size in KB or MB, in the reader's numbers. */
function useSize(): (bytes: number) => string {
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  return (bytes) =>
    bytes < 1024 * 1024
      ? t("file.kilobytes", { n: number(Math.ceil(bytes / 1024)) })
      : t("file.megabytes", { n: number(Math.round((bytes / 1024 / 1024) * 10) / 10) });
}

/** The name of an encoding as the page shows it; one it does not know keeps its own name. */
function useEncodingName(): (id: string) => string {
  const { t } = useTranslation("imports");
  return (id) => (ENCODING_KEYS[id] ? t(`encoding.${ENCODING_KEYS[id]}`) : id);
}

export function BatchPage() {
  const page = useLoaderData<typeof loadBatchPage>();
  const refused = useActionData<typeof batchAction>();
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  const { batch, collection, progress } = page;
  const editable = ["uploaded", "checked", "failed"].includes(batch.status);
  return (
    <div className="admin">
      <h1>{t("batch.heading", { id: batch.id, file: batch.fileName })}</h1>
      <AdminNav />
      <p className="import-headline">
        <Trans
          t={t}
          i18nKey="batch.headline"
          values={{ collection: collection.title }}
          components={{ status: <StatusBadge status={batch.status} />, strong: <strong /> }}
        />
      </p>
      {refused?.message && (
        <p className="notice notice-error" role="alert">
          {refused.message}
        </p>
      )}
      {batch.error && !progress.running && (
        <p className="notice notice-error" role="alert" lang={batch.error.lang}>
          {batch.error.message}
        </p>
      )}
      {progress.running && <LiveProgress eventsPath={adminImportEventsPath(batch.id)} initial={progress} />}
      {batch.status === "imported" && <Result page={page} />}
      {batch.status === "undone" && (
        <p className="notice notice-success" role="status">
          {t(`batch.undone${noun(page)}`, {
            when: batch.undoneAt ? formatTimestamp(batch.undoneAt) : "",
            who: batch.undoneBy,
            count: batch.rows.new,
            new: number(batch.rows.new),
            changed: number(batch.rows.changed),
          })}
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
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  return (
    <section aria-labelledby="result-heading" className="import-section">
      <h2 id="result-heading">{t("result.heading")}</h2>
      <ProgressBar view={progress} label={t("progress.label")} />
      <p className="notice notice-success" role="status">
        {t("result.rows", {
          new: number(batch.rows.new),
          changed: number(batch.rows.changed),
          unchanged: number(batch.rows.unchanged),
        })}
        {batch.rows.skipped > 0 && (
          <>{t("result.skipped", { count: batch.rows.skipped, n: number(batch.rows.skipped) })}</>
        )}
        .{batch.durationMs !== null && <> {t("result.took", { s: number(Math.round(batch.durationMs / 100) / 10) })}</>}
      </p>
      {collection.searchPath && (
        <p>
          <Link to={collection.searchPath}>{t("result.search", { collection: collection.title })}</Link>
        </p>
      )}
      <h3>{t("result.undo")}</h3>
      {laterBatch ? (
        <p>
          <Trans
            t={t}
            i18nKey="result.laterBatch"
            values={{ id: laterBatch }}
            components={{ batch: <Link to={adminImportPath(laterBatch)} /> }}
          />
        </p>
      ) : (
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <p>
            {t(`result.undoes${noun(page)}`, {
              count: batch.rows.new,
              new: number(batch.rows.new),
              changed: number(batch.rows.changed),
            })}
          </p>
          <button type="submit" name="intent" value="undo" className="btn btn-secondary" disabled={busy}>
            {t("result.undoButton")}
          </button>
        </Form>
      )}
    </section>
  );
}

function Report({ page }: { page: PageData }) {
  const { batch, problems, moreProblems, canImport } = page;
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  const valid = batch.rows.total - batch.rows.error;
  return (
    <section aria-labelledby="report-heading" className="import-section">
      <h2 id="report-heading">{t("report.heading")}</h2>
      <p role="status">
        {t("report.rows", {
          count: batch.rows.total,
          total: number(batch.rows.total),
          valid: number(valid),
          new: number(batch.rows.new),
          changed: number(batch.rows.changed),
          unchanged: number(batch.rows.unchanged),
        })}
        {batch.rows.error > 0
          ? t("report.withProblems", { count: batch.rows.error, n: number(batch.rows.error) })
          : t("report.noProblems")}
      </p>
      {problems.length > 0 && (
        <>
          <h3>{t("report.problems")}</h3>
          <RowMessages label={t("report.problemsLabel")} kind={t("report.problem")} messages={problems} />
          <p>
            {moreProblems > 0 && <>{t("report.more", { count: moreProblems, n: number(moreProblems) })} </>}
            <a href={adminImportProblemsPath(batch.id)} download>
              {t("report.download")}
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
              {t("report.skip", { count: batch.rows.error, n: number(batch.rows.error), valid: number(valid) })}
            </label>
          </div>
        )}
        {canImport && batch.rows.error === 0 && <p className="hint">{canImport}</p>}
        <button type="submit" name="intent" value="import" className="btn btn-primary" disabled={busy || valid === 0}>
          {t("report.import", { count: valid, n: number(valid) })}
        </button>
      </Form>
    </section>
  );
}

/** Rows that import but may be wrong: text that reads as UTF-8 in a file read in a code page. */
function Warnings({ page }: { page: PageData }) {
  const { warnings, warningRows } = page;
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  return (
    <>
      <h3>{t("report.warnings")}</h3>
      <p>
        {t("report.misread", { count: warningRows, n: number(warningRows) })}
        {warningRows > warnings.length && <> {t("report.firstShown", { n: number(warnings.length) })}</>}
      </p>
      <RowMessages label={t("report.warningsLabel")} kind={t("report.warning")} messages={warnings} />
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
  messages: readonly { row: number; column: string; message: string; lang?: string }[];
}) {
  const { t } = useTranslation("imports");
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="results admin-table problems-table">
        <thead>
          <tr>
            <th scope="col">{t("report.row")}</th>
            <th scope="col">{t("report.column")}</th>
            <th scope="col">{kind}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m, i) => (
            <tr key={i}>
              <td>{m.row}</td>
              <td>{m.column || "—"}</td>
              <td lang={m.lang}>{m.message}</td>
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
  const { t } = useTranslation("imports");
  const encodingName = useEncodingName();
  const result = refused?.result ?? null;
  const submitted = (result?.initialValue ?? {}) as Submitted;
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  const columnErrors = errors.columns ?? null;
  return (
    <section aria-labelledby="settings-heading" className="import-section">
      <h2 id="settings-heading">{batch.checked ? t("settings.heading") : t("settings.headingColumns")}</h2>
      <Form method="post" key={JSON.stringify(submitted)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        <div className="import-settings">
          {batch.format === "xlsx" ? (
            <div className="field">
              <input type="hidden" name="encoding" value={batch.settings.encoding} />
              <input type="hidden" name="delimiter" value={batch.settings.delimiter} />
              <label htmlFor="sheet">{t("settings.sheet")}</label>
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
                <label htmlFor="encoding">{t("settings.encoding")}</label>
                <select
                  id="encoding"
                  name="encoding"
                  defaultValue={submitted.encoding ?? batch.settings.encoding}
                  aria-describedby="encoding-hint"
                >
                  {IMPORT_ENCODINGS.map((e) => (
                    <option key={e.id} value={e.id}>
                      {encodingName(e.id)}
                    </option>
                  ))}
                </select>
                <p className="hint" id="encoding-hint">
                  {t("settings.recognised", { encoding: encodingName(batch.encodingDetected) })}
                </p>
              </div>
              <div className="field">
                <label htmlFor="delimiter">{t("settings.delimiter")}</label>
                <select id="delimiter" name="delimiter" defaultValue={submitted.delimiter ?? batch.settings.delimiter}>
                  {DELIMITERS.map((d) => (
                    <option key={d.id} value={d.id}>
                      {t(`delimiter.${DELIMITER_KEYS[d.id]}`)}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          <div className="field">
            <label htmlFor="calendar">{t("settings.calendar")}</label>
            <select
              id="calendar"
              name="calendar"
              defaultValue={submitted.calendar ?? batch.settings.calendar}
              aria-describedby="calendar-hint"
            >
              {calendars.map((c) => (
                <option key={c.id} value={c.id}>
                  {t(`calendar.${c.id}`)}
                </option>
              ))}
            </select>
            <p className="hint" id="calendar-hint">
              {t("settings.calendarHint")}
            </p>
          </div>
        </div>
        <h3 id="columns-heading">{t("settings.columns")}</h3>
        <p className="hint">{t("settings.columnsHint")}</p>
        {page.unmappedNames.length > 0 && (
          <div className="notice notice-warning" role="status" id="unmapped-names">
            <p>{t("settings.unmapped")}</p>
            <ul>
              {page.unmappedNames.map((h) => (
                <li key={h}>{t("settings.quoted", { text: h })}</li>
              ))}
            </ul>
            <p>{t("settings.unmappedAdvice")}</p>
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
                <th scope="col">{t("settings.columnInFile")}</th>
                <th scope="col">{t("settings.firstValues")}</th>
                <th scope="col">{t("settings.goesInto")}</th>
              </tr>
            </thead>
            <tbody>
              {page.columns.map(({ header, values }, i) => {
                const name = `columns[${i}]`;
                const error = errors[name]?.[0];
                return (
                  <tr key={`${i}-${header}`}>
                    <th scope="row">{header}</th>
                    <td className="sample-values">
                      {values.join(" · ") || <span className="not-given">{t("settings.empty")}</span>}
                    </td>
                    <td>
                      <label className="visually-hidden" htmlFor={`column-${i}`}>
                        {t("settings.fieldFor", { header })}
                      </label>
                      <select
                        id={`column-${i}`}
                        name={name}
                        defaultValue={submitted.columns?.[i] ?? batch.settings.columns[i] ?? NO_TARGET}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `column-${i}-error` : undefined}
                      >
                        <option value={NO_TARGET}>{t("settings.leaveOut")}</option>
                        {targets.map((target) => (
                          <option key={target.name} value={target.name}>
                            {target.required ? t("settings.required", { label: target.label }) : target.label}
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
            {batch.checked ? t("settings.checkAgain") : t("settings.check")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Discarding is a form of its own: it sends nothing of the mapping, so it works whatever the file. */
function Discard() {
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("imports");
  return (
    <Form method="post" className="admin-actions">
      <AuthenticityTokenInput name="csrf" />
      <button type="submit" name="intent" value="discard" className="btn btn-secondary" disabled={busy}>
        {t("batch.discard")}
      </button>
    </Form>
  );
}

function FileFacts({ page }: { page: PageData }) {
  const { batch } = page;
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  const size = useSize();
  const encodingName = useEncodingName();
  return (
    <section aria-labelledby="file-heading" className="import-section">
      <h2 id="file-heading">{t("file.heading")}</h2>
      <dl className="facts">
        <dt>{t("file.name")}</dt>
        <dd>{batch.fileName}</dd>
        <dt>{t("file.size")}</dt>
        <dd>{size(batch.bytes)}</dd>
        <dt>{SHA_256}</dt>
        <dd className="checksum">{batch.sha256}</dd>
        {batch.format === "xlsx" ? (
          <>
            <dt>{t("file.workbook")}</dt>
            <dd>
              {t("file.sheetOf", {
                count: batch.sheets.length,
                sheet: batch.settings.sheet ?? batch.sheets[0],
                n: number(batch.sheets.length),
              })}
            </dd>
          </>
        ) : (
          <>
            <dt>{t("file.encoding")}</dt>
            <dd>{t("file.recognised", { encoding: encodingName(batch.encodingDetected) })}</dd>
            <dt>{t("file.delimiter")}</dt>
            <dd>
              {DELIMITER_KEYS[batch.settings.delimiter]
                ? t(`delimiter.${DELIMITER_KEYS[batch.settings.delimiter]}`)
                : batch.settings.delimiter}
            </dd>
          </>
        )}
        <dt>{t("file.uploaded")}</dt>
        <dd>{t("file.uploadedBy", { when: formatTimestamp(batch.createdAt), who: batch.createdBy })}</dd>
        {batch.finishedAt && (
          <>
            <dt>{t("file.finished")}</dt>
            <dd>{formatTimestamp(batch.finishedAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
