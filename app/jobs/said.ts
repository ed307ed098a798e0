// What a job's problem says, for a reader in any language (issue 29). A problem is kept in the database as its
// English words (the command line's, the tests', and what rows written before this change hold) followed by its
// catalog key and values, so a page shows it in the reader's language without a migration of the rows already kept.

/** A message's key in the `imports` catalogs and the values of its placeholders. */
export interface Say {
  key: string;
  values?: Record<string, string | number>;
}

/** The unit separator: no file's cell reaches a stored message with it (it is a control character), no sentence has it. */
const MARK = "\u001F";

/** The stored text of a message: its English, then, when it has one, its key and values. */
export function storedMessage(message: string, say: Say | undefined): string {
  return say ? `${message.replaceAll(MARK, "")}${MARK}${JSON.stringify(say)}` : message;
}

/** A stored message read back: its English and its key (none in a row written before keys were kept, or unreadable). */
export function readStoredMessage(stored: string): { message: string; say?: Say } {
  const at = stored.indexOf(MARK);
  if (at < 0) return { message: stored };
  const message = stored.slice(0, at);
  try {
    const say = JSON.parse(stored.slice(at + 1)) as Partial<Say>;
    if (typeof say.key !== "string") return { message };
    return { message, say: { key: say.key, values: say.values && typeof say.values === "object" ? say.values : {} } };
  } catch {
    return { message };
  }
}
