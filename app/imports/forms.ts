import { z } from "zod/v4";
import { DELIMITERS, MAX_COLUMNS, tooManyColumns } from "./csv";
import { IMPORT_ENCODINGS } from "./encoding";

/**
 * The import pages' forms: choosing a collection and a file, and the settings of a batch (encoding, delimiter,
 * calendar, the target of each column). Used by the server's actions and by the pages for their field names.
 */

export const CALENDARS = [
  { id: "gregorian", label: "Gregorian (New Style)" },
  { id: "julian", label: "Julian (Old Style: the Russian Empire's registers)" },
] as const;

/** The select value for "leave this column out". */
export const NO_TARGET = "";

export function newImportSchema(collectionIds: readonly [string, ...string[]]) {
  return z.object({
    collection: z.enum(collectionIds, { error: "Choose the collection or place index the file belongs to." }),
  });
}

const ids = <T extends readonly { id: string }[]>(list: T) =>
  list.map((x) => x.id) as [T[number]["id"], ...T[number]["id"][]];

export const settingsSchema = z.object({
  encoding: z.enum(ids(IMPORT_ENCODINGS), { error: "Choose an encoding from the list." }),
  delimiter: z.enum(ids(DELIMITERS), { error: "Choose a delimiter from the list." }),
  calendar: z.enum(ids(CALENDARS), { error: "Choose a calendar from the list." }),
  columns: z
    .array(z.string().max(100).optional().default(NO_TARGET))
    .max(MAX_COLUMNS, { error: (issue) => tooManyColumnsSent(issue.input) })
    .default([]),
  sheet: z.string().max(200).optional(),
});

function tooManyColumnsSent(input: unknown): string {
  return Array.isArray(input) ? tooManyColumns(input.length) : `An import reads at most ${MAX_COLUMNS} columns.`;
}

export type SettingsForm = z.infer<typeof settingsSchema>;

export const importSchema = z.object({
  skipBadRows: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
