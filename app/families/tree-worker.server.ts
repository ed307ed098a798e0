import { parentPort, workerData } from "node:worker_threads";
import { chooseEncoding, describeText, recognizeNonGedcom } from "~/gedcom/encoding";
import { type GedcomNode, GedcomRecordReader } from "~/gedcom/parse";
import type { FamilyInput } from "./input";
import { fileHead, readLines, scanFile } from "./tree-file.server";
import { personKeys } from "./person-keys";
import { type TreeIds, TreeRows } from "./tree-rows";
import { TreeScan } from "./tree-scan";
import {
  TREE_CHUNK,
  TREE_IN_FLIGHT,
  TREE_PASSES,
  type KeyedTreePerson,
  type TreeFromMain,
  type TreeFromWorker,
  type TreeWorkerJob,
} from "./tree-messages";

/**
 * The worker thread of a member's tree upload (decision 0054): reads the stored file in passes (tree-scan.ts), tells
 * the main thread how far it is, what the file's problems are, and, once told the first free number and ids, sends
 * the people and then the families in chunks, as the encoded rows of their tables (tree-rows.ts), at most
 * TREE_IN_FLIGHT ahead of the writer. Bundled on its own (scripts/build-workers.mjs).
 */

const job = workerData as TreeWorkerJob;
const port = parentPort!;
let credits = TREE_IN_FLIGHT;
let wake: (() => void) | null = null;
let ids: TreeIds | null = null;
port.on("message", (message: TreeFromMain) => {
  if (message.kind === "credit") credits++;
  else if (message.kind === "write") ids = message.ids;
  else process.exit(0);
  wake?.();
});

function post(message: TreeFromWorker): void {
  // Rows' buffers are moved to the main thread, not copied.
  port.postMessage(message, message.kind === "rows" ? message.tables.map((t) => t.bytes.buffer as ArrayBuffer) : []);
}

async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
}

async function run(): Promise<void> {
  const total = TREE_PASSES * job.bytes;
  let pass = 0;
  let lastShown = 0;
  const progress = (bytes: number) => {
    const done = pass * job.bytes + bytes;
    // A word every 4 MB or so: more would only keep the main thread busy.
    if (done - lastShown >= 4 * 1024 * 1024 || done === total) {
      lastShown = done;
      post({ kind: "progress", done, total });
    }
  };
  const head = await fileHead(job.filePath);
  const file = await scanFile(job.filePath, progress);
  pass++;
  const choice = chooseEncoding(head, () => file);
  const scan = new TreeScan(choice.encoding, { maxPeople: job.maxPeople });
  const checked = (ok: boolean) =>
    post({
      kind: "checked",
      ok,
      errors: scan.errors.first(),
      errorCount: scan.errors.count,
      warnings: ok ? scan.warnings.first() : [],
      warningCount: scan.warnings.count,
      people: scan.people,
      families: scan.families,
      encoding: scan.header.encoding ?? "",
      program: scan.header.sourceName,
      sha256: file.sha256,
    });
  const binary = recognizeNonGedcom(head);
  if (file.bytes === 0 || binary) {
    scan.refuse(binary ? `This is not a GEDCOM file: it looks like ${binary}.` : "The file is empty.");
    return checked(false);
  }

  let firstText = "";
  const looks = () => describeText(firstText);
  const passOver = async (onRecord: (record: GedcomNode, reader: GedcomRecordReader) => void, first = false) => {
    const reader: GedcomRecordReader = new GedcomRecordReader(
      (record) => onRecord(record, reader),
      first ? (p) => scan.readerProblem(p) : () => undefined,
    );
    const read = await readLines(
      job.filePath,
      choice,
      (line) => {
        if (first && firstText.length < 200) firstText += `${line}\n`;
        if (!scan.stopped) reader.line(line);
      },
      async (bytes) => {
        progress(bytes);
        if (first) scan.noRecordYet(reader.lines, reader.open, looks);
        await afterPiece();
        return scan.stopped;
      },
    );
    if (!scan.stopped) reader.end();
    pass++;
    return { ...read, reader };
  };
  let afterPiece = async () => undefined as unknown as void;

  const indexed = await passOver((record, reader) => scan.index(record, reader.version, looks), true);
  scan.endIndex(indexed.lines, indexed.warnings, false);
  if (scan.stopped || scan.errors.count) return checked(false);
  scan.again();
  await passOver((record) => scan.checkRecord(record));
  const ok = scan.endCheck();
  checked(ok);
  if (!ok) return;

  await until(() => ids !== null);
  const first = (ids as TreeIds).firstNumber;
  // The rows of the tables are worked out here too: the server's thread only passes them on (decision 0075).
  const rows = new TreeRows(ids as TreeIds);
  let people: KeyedTreePerson[] = [];
  let families: FamilyInput[] = [];
  const send = async (last: boolean) => {
    while (people.length >= TREE_CHUNK || (last && people.length)) {
      await until(() => credits > 0);
      credits--;
      const chunk = people.slice(0, TREE_CHUNK);
      post({ kind: "rows", people: chunk.length, families: 0, tables: rows.people(chunk) });
      people = people.slice(TREE_CHUNK);
    }
    while (families.length >= TREE_CHUNK || (last && families.length)) {
      await until(() => credits > 0);
      credits--;
      const chunk = families.slice(0, TREE_CHUNK);
      post({ kind: "rows", people: 0, families: chunk.length, tables: rows.families(chunk) });
      families = families.slice(TREE_CHUNK);
    }
  };
  afterPiece = () => send(false);
  scan.again();
  await passOver((record) => {
    const p = scan.person(record, first);
    // The search keys are most of a person's work: worked out here, the server's thread only writes them.
    if (p) people.push({ ...p, keyed: personKeys(p) });
  });
  await send(true);
  scan.again();
  await passOver((record) => {
    const f = scan.family(record, first);
    if (f) families.push(f);
  });
  await send(true);
  post({ kind: "end" });
}

run().catch((error: unknown) => {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
});
