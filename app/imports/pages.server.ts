import { rm } from "node:fs/promises";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { writeAudit } from "~/auth/audit.server";
import { validateCsrf } from "~/auth/csrf.server";
import type { User } from "~/auth/users.server";
import { IMPORT_PROGRESS_EVENT_MS } from "~/config/timing";
import type { Database } from "~/db/connection.server";
import { getDatabase } from "~/db/current.server";
import { pageWindow } from "~/listing/paging";
import { csvResponse } from "~/routing/csv-response.server";
import { readForm } from "~/routing/form-data.server";
import { type ReceivedUpload, keepingUploadOnlyIfDone, receiveUpload } from "~/routing/upload.server";
import { PATHS, adminImportPath } from "~/routing/paths";
import { invariantResponse } from "~/routing/responses";
import { csvLine } from "~/search/csv";
import { uploadMaxBytes } from "~/config/uploads";
import {
  type ImportBatch,
  RUNNING_STATES,
  claimBatch,
  countBatches,
  createBatch,
  getBatch,
  listBatches,
} from "./batches.server";
import { MAX_COLUMNS, sampleText } from "./csv";
import { type Destination, destination, destinationOf, destinations } from "./destinations.server";
import { unmappedNames } from "./fields";
import { type FileAnalysis, analyseCsv } from "./file.server";
import { analyseXlsx } from "./xlsx.server";
import { CALENDARS, NO_TARGET, importSchema, newImportSchema, settingsSchema } from "./forms";
import { type JobPhase, liveProgress, onBatchChange, refusal, startBatchJob } from "./jobs.server";
import { laterBatch } from "./batch-walk.server";
import { quotaMessage, uploadRoom } from "~/jobs/upload-files.server";
import { SHOWN_PROBLEMS, listProblems, updateBatch } from "~/jobs/batch-rows.server";
import { readStoredMessage } from "~/jobs/said";
import { languageOfRequest } from "~/auth/language.server";
import { formatNumber } from "~/i18n/format";
import { pageMeta, translator } from "~/i18n/i18next.server";
import { formatErrorsIn } from "~/admin/form-messages.server";
import type { Language } from "~/i18n/languages";
import { sourceWord } from "~/search/localize.server";
import { type ImportsT, destinationText, problemIn, tooManyColumnsIn } from "./words.server";

/**
 * The administrators' import pages (issue 10): the list of batches, a new upload, a batch's settings, report,
 * progress and result, its progress events, its problems as CSV, and a collection's export. The routes call the
 * guard and pass the administrator in.
 */

const PER_PAGE = 25;

function destinationChoices(language: Language) {
  return destinations().map((d) => ({ value: d.value, ...destinationText(language, d) }));
}

const destinationValues = () => destinations().map((d) => d.value) as [string, ...string[]];

const destinationOfBatch = (b: Pick<ImportBatch, "kind" | "target">) => destination(b.kind, b.target);

function batchSummary(b: ImportBatch, language: Language) {
  const target = destinationOfBatch(b);
  return {
    id: b.id,
    href: adminImportPath(b.id),
    // A member's tree (a GEDCOM batch) goes into the family collection, which is no import's destination.
    target: target ? destinationText(language, target).title : sourceWord(language, b.target, "title", b.target),
    fileName: b.fileName,
    status: b.status,
    createdAt: b.createdAt,
    createdBy: b.createdByName,
    rows: b.rows,
    checked: b.checked,
    progress: progressView(b),
  };
}

export type BatchSummary = ReturnType<typeof batchSummary>;

export interface ProgressView {
  status: string;
  phase: JobPhase | null;
  done: number;
  total: number;
  percent: number;
  ratePerSecond: number | null;
  secondsLeft: number | null;
  running: boolean;
}

const PHASE_OF: Record<string, JobPhase> = { checking: "check", importing: "import", undoing: "undo" };

export function progressView(batch: ImportBatch, now = Date.now()): ProgressView {
  const running = RUNNING_STATES.includes(batch.status);
  const live = liveProgress(batch.id);
  const done = live?.done ?? (running ? batch.rows.done : batch.rows.total);
  const total = Math.max(live?.total ?? batch.rows.total, done);
  const startedAt = live?.startedAt ?? (batch.startedAt ? Date.parse(batch.startedAt) : now);
  const seconds = Math.max((now - startedAt) / 1000, 0.001);
  const rate = running && done > 0 ? done / seconds : null;
  return {
    status: batch.status,
    phase: PHASE_OF[batch.status] ?? null,
    done,
    total,
    percent: total ? Math.min(100, Math.floor((done / total) * 100)) : running ? 0 : 100,
    ratePerSecond: rate === null ? null : Math.round(rate),
    secondsLeft: rate ? Math.max(0, Math.ceil((total - done) / rate)) : null,
    running,
  };
}

export async function loadImportsPage(request: Request) {
  const language = await languageOfRequest(request);
  const database = await getDatabase();
  const url = new URL(request.url);
  const wanted = Number(url.searchParams.get("page") ?? "1");
  const total = await countBatches(database);
  const window = pageWindow(total, Number.isInteger(wanted) && wanted > 0 ? wanted : 1, PER_PAGE);
  const batches = await listBatches(database, { limit: PER_PAGE, offset: window.offset });
  const all = destinations();
  const sizes = await Promise.all(all.map((d) => d.size(database)));
  return {
    batches: batches.map((b) => batchSummary(b, language)),
    total,
    page: window.page,
    pageCount: window.pageCount,
    destinations: all.map((d, i) => ({
      id: d.id,
      kind: d.kind,
      title: destinationText(language, d).title,
      size: sizes[i] ?? 0,
    })),
    meta: pageMeta(language, "imports", "meta.list"),
  };
}

export async function loadNewImportPage(request: Request) {
  const language = await languageOfRequest(request);
  const wanted = new URL(request.url).searchParams.get("collection");
  return {
    meta: pageMeta(language, "imports", "meta.new"),
    destinations: destinationChoices(language),
    chosen: wanted && destinationOf(wanted) ? wanted : "",
    uploadMaxMb: Math.floor(uploadMaxBytes(process.env) / 1024 / 1024),
  };
}

type NewImportErrors = { collection?: string; file?: string; form?: string };

function refused(errors: NewImportErrors, collection: string) {
  return data({ errors, values: { collection } }, { status: 400 });
}

/** The upload: streamed to a file in the data folder, read for what it is, and kept as a new batch. */
export async function newImportAction(request: Request, user: User, ip: string) {
  const language = await languageOfRequest(request);
  const t = translator(language, "imports");
  const upload = await receiveUpload(request, ".upload", {
    check: (fields) => validateCsrf(fields, request),
    roomBytes: await uploadRoom(await getDatabase(), user),
    owner: user.id,
  });
  if (!upload.ok) {
    return refused(
      {
        file:
          upload.reason === "quota"
            ? quotaMessage(upload.maxBytes, language)
            : t("new.tooLarge", { count: upload.maxMb, mb: formatNumber(language, upload.maxMb) }),
      },
      String(upload.form.get("collection") ?? ""),
    );
  }
  return keepingUploadOnlyIfDone(upload, () => storeNewImport(upload, user, ip, language));
}

async function storeNewImport(upload: ReceivedUpload, user: User, ip: string, language: Language) {
  const t = translator(language, "imports");
  const { form, filePath: stored, discard } = upload;
  const collectionValue = String(form.get("collection") ?? "");
  const parsed = newImportSchema(destinationValues()).safeParse({ collection: collectionValue });
  const errors: NewImportErrors = {};
  if (!parsed.success) errors.collection = t("new.chooseCollectionError");
  if (!stored) errors.file = t("new.chooseFile");
  if (Object.keys(errors).length) {
    await discard();
    return refused(errors, collectionValue);
  }
  const name = upload.fileName || "upload.csv";
  if (/\.(xls|ods|ged|pdf|zip|docx?)$/i.test(name)) {
    await discard();
    return refused(
      {
        file: t("new.wrongKind", { name }),
      },
      collectionValue,
    );
  }
  const format = /\.xlsx$/i.test(name) ? "xlsx" : "csv";
  const analysed = format === "xlsx" ? await analyseXlsx(stored!) : await analyseCsv(stored!);
  if (!analysed.ok) {
    await discard();
    return refused(
      { file: t("new.unreadable", { name, message: problemIn(language, analysed).message }) },
      collectionValue,
    );
  }
  const target = destinationOf(parsed.data!.collection)!;
  const { analysis } = analysed;
  const database = await getDatabase();
  const remembered = await settingsOfSameFile(database, target, analysis.headers);
  const id = await createBatch(database, {
    kind: target.kind,
    target: target.id,
    fileName: name,
    filePath: stored!,
    format,
    analysis,
    settings: {
      encoding: analysis.encoding,
      delimiter: analysis.delimiter,
      columns: remembered?.columns ?? target.matchHeaders(analysis.headers),
      calendar: remembered?.calendar ?? "gregorian",
      skipBadRows: false,
      sheet: analysis.sheet ?? null,
    },
    createdBy: user.id,
    createdByName: user.username,
  });
  await writeAudit(database, {
    actorUserId: user.id,
    subjectUserId: null,
    action: "import.upload",
    details: {
      batch: id,
      kind: target.kind,
      target: target.id,
      file: name,
      bytes: analysis.bytes,
      sha256: analysis.sha256,
    },
    ip,
  });
  return redirect(adminImportPath(id));
}

/**
 * The columns and calendar of the newest batch of the collection whose file had the same headers: the
 * volunteers' next file of a series maps as the last one did.
 */
async function settingsOfSameFile(database: Database, target: Destination, headers: readonly string[]) {
  const recent = await database.db
    .selectFrom("import_batches")
    .select(["settings", "analysis"])
    .where("kind", "=", target.kind)
    .where("target", "=", target.id)
    .where("checked", "=", 1)
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  const same = recent.find(
    (b) => JSON.stringify((JSON.parse(b.analysis) as FileAnalysis).headers) === JSON.stringify(headers),
  );
  return same ? (JSON.parse(same.settings) as ImportBatch["settings"]) : undefined;
}

export function parseBatchId(raw: string | undefined): number {
  const id = Number(raw);
  invariantResponse(Number.isInteger(id) && id > 0 && /^\d+$/.test(raw ?? ""), "There is no such import.");
  return id;
}

async function requireBatch(id: number): Promise<ImportBatch> {
  const database = await getDatabase();
  const batch = await getBatch(database, id);
  invariantResponse(batch && destinationOfBatch(batch), "There is no such import.");
  return batch;
}

export async function loadBatchPage(request: Request, id: number) {
  const language = await languageOfRequest(request);
  const t = translator(language, "imports");
  const database = await getDatabase();
  const batch = await requireBatch(id);
  const target = destinationOfBatch(batch)!;
  const problems = batch.checked || batch.status === "imported" ? await listProblems(database, id, SHOWN_PROBLEMS) : [];
  const later = batch.status === "imported" ? await laterBatch(database, batch) : undefined;
  return {
    batch: {
      id: batch.id,
      status: batch.status,
      fileName: batch.fileName,
      bytes: batch.bytes,
      sha256: batch.sha256,
      createdAt: batch.createdAt,
      createdBy: batch.createdByName,
      startedAt: batch.startedAt,
      finishedAt: batch.finishedAt,
      durationMs: batch.durationMs,
      error: batch.error ? problemIn(language, { message: batch.error, say: batch.errorSay }) : null,
      undoneAt: batch.undoneAt,
      undoneBy: batch.undoneByName,
      checked: batch.checked,
      rows: batch.rows,
      settings: { ...batch.settings, columns: batch.settings.columns.slice(0, MAX_COLUMNS) },
      encodingDetected: batch.encodingDetected,
      format: batch.format,
      sheets: batch.analysis.sheets ?? [],
    },
    ...columnsView(batch, language),
    collection: {
      id: target.id,
      kind: target.kind,
      title: destinationText(language, target).title,
      searchPath: target.searchPath,
    },
    targets: target.targetsIn(language),
    calendars: CALENDARS,
    problems: problems.map((p) => problemIn(language, p)),
    moreProblems: Math.max(0, batch.rows.error > 0 ? (await problemCount(id)) - problems.length : 0),
    progress: progressView(batch),
    canImport: refusal(batch, "import", t, language),
    laterBatch: later ?? null,
    meta: {
      title: t("meta.batch.title", { id: batch.id }),
      description: t("meta.batch.description", { file: batch.fileName }),
    },
  };
}

/**
 * The batch's columns as its page shows them: at most MAX_COLUMNS (a file of 100,000 columns made a page of 102 MB
 * whose form the server refused), each header and sample value cut short; which columns that look like names are
 * left out; and the check's warnings.
 */
function columnsView(batch: ImportBatch, language: Language) {
  const { headers, sample, warnings = [], warningRows = 0 } = batch.analysis;
  const shown = headers.slice(0, MAX_COLUMNS);
  return {
    columns: shown.map((header, i) => ({
      header: sampleText(header),
      values: sample
        .map((row) => row[i] ?? "")
        .filter(Boolean)
        .slice(0, 3)
        .map(sampleText),
    })),
    tooWide: headers.length > MAX_COLUMNS ? tooManyColumnsIn(language, headers.length) : null,
    unmappedNames: unmappedNames(shown, batch.settings.columns).map(sampleText),
    warnings: batch.checked ? warnings.map((w) => problemIn(language, w)) : [],
    warningRows: batch.checked ? warningRows : 0,
  };
}

async function problemCount(batchId: number): Promise<number> {
  const database = await getDatabase();
  const row = await database.db
    .selectFrom("import_problems")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("batch_id", "=", batchId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function conflict(intent: string, message: string) {
  return data({ intent, message, result: null }, { status: 409 });
}

/** The mapping's own rules: each target has one column at most, and the required targets have one. */
function mappingErrors(
  columns: readonly string[],
  target: Destination,
  t: ImportsT,
  language: Language,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  const targets = target.targetsIn(language);
  columns.forEach((name, i) => {
    if (!name) return;
    const known = targets.find((t) => t.name === name);
    if (!known) errors[`columns[${i}]`] = [t("mapping.chooseField")];
    else if (seen.has(name)) {
      errors[`columns[${i}]`] = [t("mapping.taken", { label: known.label, column: seen.get(name)! + 1 })];
    } else seen.set(name, i);
  });
  const gaps = target.gaps(
    columns.map((c) => c || null),
    language,
  );
  if (gaps.length) errors.columns = gaps;
  return errors;
}

export async function batchAction(request: Request, id: number, user: User, ip: string) {
  const language = await languageOfRequest(request);
  const t = translator(language, "imports");
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const database = await getDatabase();
  const batch = await requireBatch(id);
  const target = destinationOfBatch(batch)!;
  const intent = String(formData.get("intent") ?? "");
  const audit = (action: string, details: Record<string, unknown> = {}) =>
    writeAudit(database, { actorUserId: user.id, subjectUserId: null, action, details: { batch: id, ...details }, ip });

  if (intent === "check") {
    const submission = parseWithZod(formData, { schema: settingsSchema, formatError: formatErrorsIn(language) });
    if (submission.status !== "success") {
      return data({ intent, message: null, result: submission.reply() }, { status: 400 });
    }
    const { encoding, delimiter, calendar } = submission.value;
    const sheet = batch.format === "xlsx" ? (submission.value.sheet ?? batch.settings.sheet ?? null) : null;
    let { analysis } = batch;
    let columns = batch.analysis.headers.map((_, i) => submission.value.columns[i] ?? NO_TARGET);
    const reread =
      batch.format === "xlsx"
        ? sheet !== (batch.settings.sheet ?? null)
        : encoding !== batch.settings.encoding || delimiter !== batch.settings.delimiter;
    if (reread) {
      // Another sheet, encoding or delimiter makes other headers: read the file again and match them afresh.
      const again =
        batch.format === "xlsx"
          ? await analyseXlsx(batch.filePath, sheet)
          : await analyseCsv(batch.filePath, { encoding, delimiter });
      if (!again.ok) return conflict(intent, problemIn(language, again).message);
      analysis = again.analysis;
      columns = target.matchHeaders(analysis.headers).map((c) => c ?? NO_TARGET);
    } else if (analysis.headers.length > MAX_COLUMNS) {
      return conflict(intent, tooManyColumnsIn(language, analysis.headers.length));
    } else {
      const errors = mappingErrors(columns, target, t, language);
      if (Object.keys(errors).length) {
        return data({ intent, message: null, result: submission.reply({ fieldErrors: errors }) }, { status: 400 });
      }
    }
    if (RUNNING_STATES.includes(batch.status) || ["imported", "undone", "discarded"].includes(batch.status)) {
      return conflict(intent, refusal(batch, "check", t, language) ?? t("refusal.notNow"));
    }
    await updateBatch(database, id, {
      settings: JSON.stringify({
        ...batch.settings,
        encoding,
        delimiter,
        calendar,
        sheet,
        columns: columns.map((c) => c || null),
      }),
      analysis: JSON.stringify(analysis),
      checked: 0,
    });
    const started = await startBatchJob(database, id, "check", user.username, { t, language });
    if (!started.ok) return conflict(intent, started.message);
    await audit("import.check", { encoding, delimiter, calendar });
    return redirect(adminImportPath(id));
  }

  if (intent === "import") {
    const { skipBadRows } = importSchema.parse({ skipBadRows: formData.get("skipBadRows") ?? undefined });
    if (batch.status === "checked" || batch.status === "failed") {
      await updateBatch(database, id, { settings: JSON.stringify({ ...batch.settings, skipBadRows }) });
    }
    const started = await startBatchJob(database, id, "import", user.username, { t, language });
    if (!started.ok) return conflict(intent, started.message);
    await audit("import.start", { target: target.id, skipBadRows });
    return redirect(adminImportPath(id));
  }

  if (intent === "undo") {
    const started = await startBatchJob(database, id, "undo", user.username, { t, language });
    if (!started.ok) return conflict(intent, started.message);
    await audit("import.undo", { target: target.id });
    return redirect(adminImportPath(id));
  }

  if (intent === "discard") {
    const discarded = await claimBatch(database, id, ["uploaded", "checked", "failed"], "discarded", {
      finished_at: new Date().toISOString(),
    });
    if (!discarded) return conflict(intent, t("refusal.discard"));
    await rm(batch.filePath, { force: true });
    await audit("import.discard");
    return redirect(`${PATHS.adminImports}?discarded=${id}`);
  }
  return conflict(intent, t("refusal.buttons"));
}

/** The batch's progress as server-sent events, until it stops running (a reload or a second browser joins in). */
export async function batchEvents(request: Request, id: number): Promise<Response> {
  const database = await getDatabase();
  await requireBatch(id);
  return eventStream(request.signal, (send, abort) => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const push = async () => {
      timer = undefined;
      last = Date.now();
      const batch = await getBatch(database, id).catch(() => undefined);
      if (closed || !batch) return;
      const view = progressView(batch);
      send({ event: "progress", data: JSON.stringify(view) });
      if (!view.running) abort();
    };
    // At most one event per interval; the last change always gets through.
    const schedule = () => {
      if (timer) return;
      timer = setTimeout(() => void push(), Math.max(0, IMPORT_PROGRESS_EVENT_MS - (Date.now() - last)));
    };
    const unsubscribe = onBatchChange(id, schedule);
    // A job on another instance changes only the database row.
    const poll = setInterval(schedule, 1000);
    schedule();
    return () => {
      closed = true;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(timer);
    };
  });
}

export async function problemsCsv(request: Request, id: number): Promise<Response> {
  const language = await languageOfRequest(request);
  const database = await getDatabase();
  const batch = await requireBatch(id);
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(["row", "column", "problem"])}`;
    for (let position = -1; ;) {
      const rows = await database.db
        .selectFrom("import_problems")
        .select(["position", "row", "column_name", "message"])
        .where("batch_id", "=", id)
        .where("position", ">", position)
        .orderBy("position")
        .limit(5000)
        .execute();
      if (!rows.length) return;
      position = Number(rows[rows.length - 1]!.position);
      yield rows
        .map((r) => csvLine([r.row, r.column_name, problemIn(language, readStoredMessage(r.message)).message]))
        .join("");
    }
  }
  return csvResponse(lines(), `import-${batch.id}-problems.csv`);
}

/** A record collection or a place index, whole, as CSV in its import format. */
export async function exportCollection(id: string | undefined, user: User, ip: string): Promise<Response> {
  const target = destinations().find((d) => d.id === id);
  invariantResponse(target, "There is no such collection or place index.");
  const database = await getDatabase();
  await writeAudit(database, {
    actorUserId: user.id,
    subjectUserId: null,
    action: "collection.export",
    details: { kind: target.kind, target: target.id },
    ip,
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(target.exportCsv(database), `${target.id}-${stamp}.csv`);
}
