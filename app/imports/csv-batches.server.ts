import type { Database } from "~/db/connection.server";
import type { CollectionDef } from "~/search/collections";
import { createBatch } from "./batches.server";
import { matchRecordHeaders } from "./words.server";
import { type FileAnalysis, analyseCsv } from "./file.server";

/**
 * A CSV file already on disk made a batch with the settings the upload page proposes (detected encoding and
 * delimiter, headers matched automatically, Gregorian dates): how tests and the import benchmark start a batch
 * without the form. Throws when the file cannot be analysed.
 */
export async function createCsvBatch(
  database: Database,
  input: {
    kind: "records" | "places";
    target: string;
    filePath: string;
    fileName: string;
    columns: (headers: readonly string[]) => (string | null)[];
    skipBadRows?: boolean;
    createdByName: string;
  },
): Promise<{ id: number; analysis: FileAnalysis }> {
  const analysed = await analyseCsv(input.filePath);
  if (!analysed.ok) throw new Error(analysed.message);
  const { analysis } = analysed;
  const id = await createBatch(database, {
    kind: input.kind,
    target: input.target,
    fileName: input.fileName,
    filePath: input.filePath,
    format: "csv",
    analysis,
    settings: {
      encoding: analysis.encoding,
      delimiter: analysis.delimiter,
      columns: input.columns(analysis.headers),
      calendar: "gregorian",
      skipBadRows: input.skipBadRows ?? false,
    },
    createdBy: null,
    createdByName: input.createdByName,
  });
  return { id, analysis };
}

/** A batch of records into `collection` from a CSV file already on disk, its headers matched automatically. */
export function createRecordCsvBatch(
  database: Database,
  collection: CollectionDef,
  filePath: string,
  { skipBadRows = false, createdByName = "test" }: { skipBadRows?: boolean; createdByName?: string } = {},
) {
  return createCsvBatch(database, {
    kind: "records",
    target: collection.id,
    filePath,
    fileName: "registers.csv",
    columns: (headers) => matchRecordHeaders(headers, collection),
    skipBadRows,
    createdByName,
  });
}
