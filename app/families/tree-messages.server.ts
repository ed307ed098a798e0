// What the tree jobs wrote in English (kept so in the database and the log) as a member reads it in their language.
// Only the page's side: the jobs and the log keep their English.
import type { TFunction } from "i18next";
import { NOT_YOURS } from "./trees.server";

type TreesT = TFunction<"trees">;

const KNOWN: { pattern: RegExp; say: (t: TreesT, m: RegExpExecArray) => string }[] = [
  {
    pattern: /^The file has ([\d,]+) errors?\.$/,
    say: (t, m) => t("jobs.errorCount", { count: Number(m[1]!.replace(/,/g, "")) }),
  },
  { pattern: /^The tree it replaces is not open to a newer file any more\.$/, say: (t) => t("jobs.notOpen") },
  { pattern: /^Reading the file stopped on an unexpected error;/, say: (t) => t("jobs.failed") },
  {
    pattern: /^The file is (\d+) MB, and a tree's file may have at most (\d+) MB:/,
    say: (t, m) => t("jobs.tooLarge", { mb: Number(m[1]), max: Number(m[2]) }),
  },
  { pattern: new RegExp(`^${NOT_YOURS.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`), say: (t) => t("notYours") },
];

/** A tree job's English message in the reader's language, when it is one the jobs write; else as it is. */
export function treeMessageIn(t: TreesT, message: string): string {
  for (const { pattern, say } of KNOWN) {
    const match = pattern.exec(message);
    if (match) return say(t, match);
  }
  return message;
}
