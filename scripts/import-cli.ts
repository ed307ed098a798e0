/**
 * The import command line (npm run import): a file checked and imported as a batch exactly as the web upload
 * makes one (decision 0023), an import undone, a collection exported in the import format. `runImportCli` is the
 * whole command, so tests run it in-process; scripts/import.ts only calls it.
 */
import { randomBytes } from "node:crypto";
import { access, copyFile, mkdir, readFile, rm, stat } from "node:fs/promises";
import { constants, createWriteStream } from "node:fs";
import path from "node:path";
import { once } from "node:events";
import cliProgress from "cli-progress";
import { writeAudit } from "../app/auth/audit.server";
import { findUserForLogin } from "../app/auth/users.server";
import { readConfig } from "../app/config/env.server";
import { type Database, openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrations.server";
import { createBatch, getBatch } from "../app/imports/batches.server";
import { type Delimiter } from "../app/imports/csv";
import { type ImportEncoding, isImportEncoding } from "../app/imports/encoding";
import { SOURCE_KEY_TARGET, importTargets, matchHeaders } from "../app/imports/fields";
import { analyseCsv } from "../app/imports/file.server";
import { type JobPhase, type LiveProgress, startBatchJob } from "../app/imports/jobs.server";
import { exportCollectionCsv } from "../app/imports/records.server";
import { submitTree } from "../app/families/trees.server";
import type { CalendarKind } from "../app/search/calendar";
import { COLLECTIONS, type CollectionDef, getCollection } from "../app/search/collections";
import { csvLine } from "../app/search/csv";
import { MAX_STORED_PROBLEMS, listProblems } from "../app/jobs/batch-rows.server";

export const USAGE = `usage:
  npm run import -- --collection COLLECTION FILE [--dry-run] [--mapping mapping.json] [--encoding cp1250]
                    [--delimiter ';'] [--calendar julian] [--skip-bad-rows] [--user USERNAME]
  npm run import -- --undo BATCH_ID [--user USERNAME]
  npm run import -- --export COLLECTION [--out FILE]
  npm run import -- --tree FILE.ged --submitter USERNAME [--title TITLE]
The file is checked first; it is imported only when no row has a problem (or with --skip-bad-rows, without the
rows that have one), and never with --dry-run. Exit code 0: done; 1: the file has problems or the job failed;
2: bad arguments. A mapping file is {"columns": {"Header": "field" | null}, "sourceKey": "Header"} (headers it does
not name are matched as the web page matches them) or an array with each column's field (or null) in order.
A tree is submitted to the Master Pedigree Database for the member USERNAME, exactly as on the member's own page:
it waits on the approvals page until an administrator approves it.`;

const KIND_RECORDS = "records";
const SHOWN_PROBLEMS = 50;
const VALUE_OPTIONS = new Set([
  "collection",
  "mapping",
  "encoding",
  "delimiter",
  "calendar",
  "user",
  "undo",
  "export",
  "out",
  "tree",
  "submitter",
  "title",
]);
const FLAG_OPTIONS = new Set(["dry-run", "skip-bad-rows", "help"]);

export interface CliOptions {
  /** Where DATA_DIR and DATABASE_URL come from (process.env by default). */
  env?: Record<string, string | undefined>;
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream;
  /** A terminal progress bar on `err` (by default when it is a terminal). */
  progressBar?: boolean;
}

/** Refused arguments: exit code 2. */
class UsageError extends Error {}

interface Parsed {
  options: Map<string, string>;
  positional: string[];
}

function parse(argv: readonly string[]): Parsed {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--") || arg === "--") {
      if (arg !== "--") positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (FLAG_OPTIONS.has(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value.`);
      options.set(name, "true");
    } else if (VALUE_OPTIONS.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") throw new UsageError(`--${name} needs a value.`);
      options.set(name, value);
    } else {
      throw new UsageError(`Unknown option --${name}.`);
    }
  }
  return { options, positional };
}

const ENCODING_ALIASES: Record<string, ImportEncoding> = {
  utf8: "utf-8",
  cp1250: "windows-1250",
  cp1251: "windows-1251",
  cp1252: "windows-1252",
  latin2: "iso-8859-2",
};

function encodingOf(raw: string): ImportEncoding {
  const lower = raw.toLowerCase();
  const encoding = ENCODING_ALIASES[lower] ?? lower;
  if (!isImportEncoding(encoding)) {
    throw new UsageError(
      `--encoding ${raw}: one of utf-8, windows-1250 (cp1250), windows-1251, windows-1252, iso-8859-2.`,
    );
  }
  return encoding;
}

function delimiterOf(raw: string): Delimiter {
  const map: Record<string, Delimiter> = {
    ",": ",",
    ";": ";",
    "\t": "\t",
    "\\t": "\t",
    tab: "\t",
    comma: ",",
    semicolon: ";",
  };
  const delimiter = map[raw.toLowerCase()];
  if (!delimiter) throw new UsageError(`--delimiter ${raw}: one of ',' ';' or tab.`);
  return delimiter;
}

function calendarOf(raw: string): CalendarKind {
  if (raw !== "gregorian" && raw !== "julian") throw new UsageError(`--calendar ${raw}: gregorian or julian.`);
  return raw;
}

function collectionOf(id: string): CollectionDef {
  const collection = getCollection(id);
  if (!collection) {
    throw new UsageError(
      `There is no collection “${id}”. The collections: ${COLLECTIONS.map((c) => c.id).join(", ")}.`,
    );
  }
  return collection;
}

/**
 * The target of each column from a mapping file: an array gives them in order; an object names headers (with
 * `null` to leave a column out) and the source key's header, the other headers matched as the web page does.
 */
export function columnsFromMapping(
  mapping: unknown,
  headers: readonly string[],
  collection: CollectionDef,
): (string | null)[] {
  const known = new Set(importTargets(collection).map((t) => t.name));
  const checkTarget = (target: unknown, where: string): string | null => {
    if (target === null) return null;
    if (typeof target !== "string" || !known.has(target)) {
      throw new UsageError(
        `The mapping gives ${where} the field ${JSON.stringify(target)}, which ${collection.id} does not have. Its fields: ${[...known].join(", ")}.`,
      );
    }
    return target;
  };
  let columns: (string | null)[];
  if (Array.isArray(mapping)) {
    if (mapping.length !== headers.length) {
      throw new UsageError(`The mapping lists ${mapping.length} columns but the file has ${headers.length}.`);
    }
    columns = mapping.map((t, i) => checkTarget(t, `column ${i + 1}`));
  } else if (mapping && typeof mapping === "object") {
    const { columns: named = {}, sourceKey } = mapping as { columns?: unknown; sourceKey?: unknown };
    if (!named || typeof named !== "object" || Array.isArray(named)) {
      throw new UsageError(`The mapping's "columns" is an object of header → field.`);
    }
    const given = new Map<string, string | null>();
    for (const [header, target] of Object.entries(named as Record<string, unknown>)) {
      if (!headers.includes(header))
        throw new UsageError(`The mapping names the header “${header}”, which the file does not have.`);
      given.set(header, checkTarget(target, `“${header}”`));
    }
    if (sourceKey !== undefined) {
      if (typeof sourceKey !== "string" || !headers.includes(sourceKey)) {
        throw new UsageError(`The mapping's sourceKey ${JSON.stringify(sourceKey)} is not a header of the file.`);
      }
      given.set(sourceKey, SOURCE_KEY_TARGET);
    }
    const taken = new Set([...given.values()].filter((t): t is string => t !== null));
    const matched = matchHeaders(headers, collection);
    columns = headers.map((h, i) => (given.has(h) ? given.get(h)! : taken.has(matched[i] ?? "") ? null : matched[i]!));
  } else {
    throw new UsageError("The mapping file is a JSON object or array.");
  }
  const seen = new Set<string>();
  for (const t of columns) {
    if (t === null) continue;
    if (seen.has(t)) throw new UsageError(`The mapping gives the field ${t} to two columns.`);
    seen.add(t);
  }
  return columns;
}

class Console {
  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly err: NodeJS.WritableStream,
  ) {}
  log(line = ""): void {
    this.out.write(`${line}\n`);
  }
  error(line: string): void {
    this.err.write(`${line}\n`);
  }
}

const n = (x: number) => x.toLocaleString("en");

/** Runs a phase to its end with a progress bar; the batch as it ended, or the refusal. */
async function runPhase(
  database: Database,
  id: number,
  phase: JobPhase,
  actor: string,
  opts: { err: NodeJS.WritableStream; progressBar: boolean },
) {
  const bar = opts.progressBar
    ? new cliProgress.SingleBar(
        {
          stream: opts.err,
          format: `${phase.padEnd(6)} [{bar}] {percentage}% | {value}/{total} rows | {eta_formatted}`,
          hideCursor: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  let started = false;
  const onProgress = (p: LiveProgress) => {
    if (!bar) return;
    if (!started) {
      bar.start(Math.max(p.total, 1), p.done);
      started = true;
    }
    bar.setTotal(Math.max(p.total, p.done, 1));
    bar.update(p.done);
  };
  try {
    const result = await startBatchJob(database, id, phase, actor, { wait: true, onProgress });
    if (!result.ok) return { ok: false, message: result.message } as const;
  } finally {
    if (started) bar!.stop();
  }
  return { ok: true, batch: (await getBatch(database, id))! } as const;
}

/** Most file systems take names of at most 255 bytes. */
const MAX_FILE_NAME_BYTES = 255;
const PROBLEMS_SUFFIX = ".problems.csv";

/**
 * The problems report beside the input: `<name>.problems.csv`, the input's name shortened where the suffix would
 * take it past the file system's limit (an input name of 243 bytes or more made ENAMETOOLONG).
 */
export function problemsFileOf(file: string): string {
  let name = path.basename(file);
  while (Buffer.byteLength(name + PROBLEMS_SUFFIX) > MAX_FILE_NAME_BYTES) name = [...name].slice(0, -1).join("");
  return path.join(path.dirname(file), name + PROBLEMS_SUFFIX);
}

async function writeProblemsCsv(database: Database, batchId: number, file: string): Promise<void> {
  const stream = createWriteStream(file);
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, "drain");
  };
  await write(`\uFEFF${csvLine(["row", "column", "problem"])}`);
  const problems = await listProblems(database, batchId, MAX_STORED_PROBLEMS);
  for (let i = 0; i < problems.length; i += 1000) {
    await write(
      problems
        .slice(i, i + 1000)
        .map((p) => csvLine([p.row, p.column, p.message]))
        .join(""),
    );
  }
  stream.end();
  await once(stream, "finish");
}

async function actorOf(database: Database, username: string | undefined) {
  if (username === undefined) return { id: null, name: "command line" };
  const user = await findUserForLogin(database, username);
  if (!user) throw new UsageError(`There is no account “${username}”.`);
  return { id: Number(user.id), name: user.username };
}

async function importFile(
  database: Database,
  dataDir: string,
  parsed: Parsed,
  io: Console,
  opts: { err: NodeJS.WritableStream; progressBar: boolean },
): Promise<number> {
  const { options, positional } = parsed;
  const collection = collectionOf(options.get("collection")!);
  if (positional.length !== 1) throw new UsageError(positional.length ? "Give one file at a time." : USAGE);
  const file = path.resolve(positional[0]!);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new UsageError(`There is no file ${file}.`);
  const overrides: { encoding?: ImportEncoding; delimiter?: Delimiter } = {};
  if (options.has("encoding")) overrides.encoding = encodingOf(options.get("encoding")!);
  if (options.has("delimiter")) overrides.delimiter = delimiterOf(options.get("delimiter")!);
  const calendar = calendarOf(options.get("calendar") ?? "gregorian");
  let mapping: unknown;
  if (options.has("mapping")) {
    const text = await readFile(options.get("mapping")!, "utf8").catch(() => {
      throw new UsageError(`Cannot read the mapping file ${options.get("mapping")}.`);
    });
    try {
      mapping = JSON.parse(text);
    } catch {
      throw new UsageError(`The mapping file ${options.get("mapping")} is not JSON.`);
    }
  }
  const actor = await actorOf(database, options.get("user"));

  const analysed = await analyseCsv(file, overrides);
  if (!analysed.ok) {
    io.error(`${path.basename(file)}: ${analysed.message}`);
    return 1;
  }
  const columns =
    mapping === undefined
      ? matchHeaders(analysed.analysis.headers, collection)
      : columnsFromMapping(mapping, analysed.analysis.headers, collection);

  // The batch keeps its own copy, as an upload does: the check and the import read the same bytes.
  const dir = path.join(dataDir, "imports");
  await mkdir(dir, { recursive: true });
  const stored = path.join(dir, `cli-${Date.now()}-${randomBytes(6).toString("hex")}.csv`);
  await copyFile(file, stored);
  const { analysis } = analysed;
  const id = await createBatch(database, {
    kind: KIND_RECORDS,
    target: collection.id,
    fileName: path.basename(file).slice(0, 200),
    filePath: stored,
    format: "csv",
    analysis,
    settings: {
      encoding: analysis.encoding,
      delimiter: analysis.delimiter,
      columns,
      calendar,
      skipBadRows: options.has("skip-bad-rows"),
    },
    createdBy: actor.id,
    createdByName: actor.name,
  });
  await writeAudit(database, {
    actorUserId: actor.id,
    subjectUserId: null,
    action: "import.upload",
    details: {
      batch: id,
      collection: collection.id,
      file: path.basename(file),
      bytes: analysis.bytes,
      via: "command line",
    },
  });
  const mapped = analysis.headers.map((h, i) => `${h} → ${columns[i] ?? "(left out)"}`).join(", ");
  io.log(
    `Import #${id}: ${path.basename(file)} into ${collection.id} (${analysis.encoding}, delimiter ${JSON.stringify(analysis.delimiter)})`,
  );
  io.log(`Columns: ${mapped}`);

  const check = await runPhase(database, id, "check", actor.name, opts);
  if (!check.ok) {
    io.error(check.message);
    return 1;
  }
  const checked = check.batch;
  if (checked.status !== "checked") {
    io.error(`The check failed: ${checked.error ?? checked.status}`);
    return 1;
  }
  const r = checked.rows;
  io.log(
    `Checked ${n(r.total)} rows: ${n(r.new)} new, ${n(r.changed)} changed, ${n(r.unchanged)} unchanged, ${n(r.error)} with problems.`,
  );
  const { warnings = [], warningRows = 0 } = checked.analysis;
  if (warningRows) {
    io.log(`${n(warningRows)} rows look misread (imported all the same); the first:`);
    for (const w of warnings.slice(0, 5)) io.log(`  row ${w.row}, ${w.column}: ${w.message}`);
  }
  if (r.error > 0) {
    const problems = await listProblems(database, id, SHOWN_PROBLEMS);
    for (const p of problems) io.log(`  row ${p.row}${p.column ? `, ${p.column}` : ""}: ${p.message}`);
    if (r.error > problems.length) io.log(`  … and more`);
    const problemsFile = problemsFileOf(file);
    await writeProblemsCsv(database, id, problemsFile);
    io.log(`Every problem: ${problemsFile}${checked.error ? ` (${checked.error})` : ""}`);
  }
  if (options.has("dry-run")) {
    io.log("Dry run: nothing was imported.");
    return r.error > 0 ? 1 : 0;
  }
  if (r.error > 0 && !checked.settings.skipBadRows) {
    io.log("Nothing was imported: correct the file, or run again with --skip-bad-rows to leave those rows out.");
    return 1;
  }
  const run = await runPhase(database, id, "import", actor.name, opts);
  if (!run.ok) {
    io.error(run.message);
    return 1;
  }
  if (run.batch.status !== "imported") {
    io.error(`The import failed: ${run.batch.error ?? run.batch.status}`);
    return 1;
  }
  const d = run.batch.rows;
  io.log(
    `Imported #${id}: ${n(d.new)} new, ${n(d.changed)} changed, ${n(d.unchanged)} unchanged, ${n(d.skipped)} skipped, in ${((run.batch.durationMs ?? 0) / 1000).toFixed(1)} s. Undo with: npm run import -- --undo ${id}`,
  );
  return 0;
}

async function undo(
  database: Database,
  raw: string,
  options: Map<string, string>,
  io: Console,
  opts: { err: NodeJS.WritableStream; progressBar: boolean },
): Promise<number> {
  if (!/^\d+$/.test(raw)) throw new UsageError(`--undo needs an import's number, not “${raw}”.`);
  const id = Number(raw);
  const batch = await getBatch(database, id);
  if (!batch || batch.kind !== KIND_RECORDS) throw new UsageError(`There is no import #${id}.`);
  const actor = await actorOf(database, options.get("user"));
  const result = await runPhase(database, id, "undo", actor.name, opts);
  if (!result.ok) {
    io.error(result.message);
    return 1;
  }
  if (result.batch.status !== "undone") {
    io.error(`The undo failed: ${result.batch.error ?? result.batch.status}`);
    return 1;
  }
  await writeAudit(database, {
    actorUserId: actor.id,
    subjectUserId: null,
    action: "import.undo",
    details: { batch: id, collection: batch.target, via: "command line" },
  });
  io.log(`Undone #${id}: ${n(batch.rows.new)} records removed, ${n(batch.rows.changed)} put back as they were.`);
  return 0;
}

async function exportCollection(
  database: Database,
  id: string,
  outFile: string | undefined,
  out: NodeJS.WritableStream,
) {
  const collection = collectionOf(id);
  const target = outFile ? createWriteStream(outFile) : out;
  for await (const part of exportCollectionCsv(database, collection)) {
    if (!target.write(part)) await once(target, "drain");
  }
  if (outFile) {
    target.end();
    await once(target, "finish");
  }
  return 0;
}

/** A member's GEDCOM file submitted as on their page: it waits for an administrator's approval. */
async function submitTreeFile(database: Database, dataDir: string, options: Map<string, string>, io: Console) {
  const file = options.get("tree")!;
  const username = options.get("submitter");
  if (!username) throw new UsageError("--tree needs --submitter USERNAME: the member whose tree it is.");
  const user = await findUserForLogin(database, username);
  if (!user) throw new UsageError(`There is no account “${username}”.`);
  await access(file, constants.R_OK).catch(() => {
    throw new UsageError(`Cannot read ${file}.`);
  });
  const dir = path.join(dataDir, "imports");
  await mkdir(dir, { recursive: true });
  const stored = path.join(dir, `cli-${Date.now()}-${randomBytes(6).toString("hex")}.ged`);
  await copyFile(file, stored);
  const fileName = path.basename(file).slice(0, 200);
  const outcome = await submitTree(
    database,
    {
      title: (options.get("title") ?? fileName.replace(/\.ged$/i, "")).slice(0, 200),
      fileName,
      filePath: stored,
      submitter: { id: Number(user.id), name: user.username },
    },
    "command line",
  );
  if (!outcome.ok) {
    await rm(stored, { force: true });
    if (!outcome.errors) {
      io.error(outcome.message ?? "The tree could not be submitted.");
      return 1;
    }
    io.error(`${fileName} was not submitted: ${n(outcome.errors.length + outcome.more)} errors.`);
    for (const p of outcome.errors) io.error(`  line ${p.line}${p.xref ? ` (${p.xref})` : ""}: ${p.message}`);
    if (outcome.more) io.error(`  … and ${n(outcome.more)} more.`);
    return 1;
  }
  const { tree } = outcome;
  io.log(
    `Tree #${tree.treeId} of ${user.username}: ${n(tree.people)} people, ${n(tree.families)} families, ${n(tree.warnings)} warnings. It waits for approval at /members/admin/approvals.`,
  );
  return 0;
}

/** The whole command: its exit code (0 done, 1 problems or a failed job, 2 bad arguments). */
export async function runImportCli(argv: readonly string[], opts: CliOptions = {}): Promise<number> {
  const out = opts.out ?? process.stdout;
  const err = opts.err ?? process.stderr;
  const io = new Console(out, err);
  const progressBar = opts.progressBar ?? !!(err as { isTTY?: boolean }).isTTY;
  let parsed: Parsed;
  try {
    parsed = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(error.message);
    return 2;
  }
  const { options } = parsed;
  if (options.has("help")) {
    io.log(USAGE);
    return 0;
  }
  const modes = ["collection", "undo", "export", "tree"].filter((m) => options.has(m));
  if (modes.length !== 1) {
    io.error(USAGE);
    return 2;
  }
  const config = readConfig((opts.env ?? process.env) as NodeJS.ProcessEnv);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    if (options.has("undo")) return await undo(database, options.get("undo")!, options, io, { err, progressBar });
    if (options.has("export")) return await exportCollection(database, options.get("export")!, options.get("out"), out);
    if (options.has("tree")) return await submitTreeFile(database, config.dataDir, options, io);
    return await importFile(database, config.dataDir, parsed, io, { err, progressBar });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(error.message);
    return 2;
  } finally {
    await database.close();
  }
}
