/**
 * Which failures of the database (or of the disk under it) are the
 * installation's trouble rather than a bug: the request gets a 503 that says
 * so, and the process carries on and recovers by itself when the database or
 * the disk is back.
 */
export type DatabaseTrouble = "unavailable" | "busy" | "storage-full" | "storage-read-only";

// SQLSTATE classes and codes (PostgreSQL appendix A).
const PG_UNAVAILABLE_CLASSES = ["08", "57P"]; // connection exception; operator intervention (shutdown, restart)
const PG_UNAVAILABLE_CODES = new Set(["53300", "55000", "58000", "58030"]); // too many connections; db not accepting; system/io error
const PG_STORAGE_FULL_CODES = new Set(["53100"]); // disk_full
const PG_BUSY_CODES = new Set(["55P03"]); // lock_not_available: another transaction held a lock past the wait
const NODE_UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const NODE_STORAGE_FULL_CODES = new Set(["ENOSPC", "EDQUOT"]);
// SQLite reports a write the disk refused (EROFS among others) as an I/O error: the caller asks the disk which it is.
const SQLITE_STORAGE_FULL = /^SQLITE_(FULL|IOERR)/;
const STORAGE_READ_ONLY = /^(EROFS|SQLITE_READONLY)/;
const SQLITE_UNAVAILABLE = /^SQLITE_CANTOPEN/;
// Another connection (an import, a seed, a second process) held the write lock past the busy timeout: the database
// is there and answers again when that write ends.
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;
// node-postgres reports a lost connection without a code.
const PG_CONNECTION_MESSAGES = [
  "Connection terminated",
  "connection timeout",
  "timeout exceeded when trying to connect",
  "is not queryable",
  "Cannot use a pool after calling end",
];

function troubleOf(error: unknown): DatabaseTrouble | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (code) {
    if (STORAGE_READ_ONLY.test(code)) return "storage-read-only";
    if (PG_STORAGE_FULL_CODES.has(code) || NODE_STORAGE_FULL_CODES.has(code) || SQLITE_STORAGE_FULL.test(code)) {
      return "storage-full";
    }
    if (PG_BUSY_CODES.has(code) || SQLITE_BUSY.test(code)) return "busy";
    if (
      PG_UNAVAILABLE_CODES.has(code) ||
      PG_UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix) && code.length === 5) ||
      NODE_UNAVAILABLE_CODES.has(code) ||
      SQLITE_UNAVAILABLE.test(code)
    ) {
      return "unavailable";
    }
  }
  const message = error instanceof Error ? error.message : "";
  if (PG_CONNECTION_MESSAGES.some((m) => message.includes(m))) return "unavailable";
  return undefined;
}

/** The trouble behind an error, looking through `cause` and aggregate errors, or undefined for any other error. */
export function databaseTrouble(error: unknown, depth = 0): DatabaseTrouble | undefined {
  if (depth > 5 || typeof error !== "object" || error === null) return undefined;
  const own = troubleOf(error);
  if (own) return own;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const trouble = databaseTrouble(inner, depth + 1);
      if (trouble) return trouble;
    }
  }
  return "cause" in error ? databaseTrouble(error.cause, depth + 1) : undefined;
}

/**
 * Whether a unique index or a primary key refused the row: the caller answers "taken". PostgreSQL says 23505 for
 * both; SQLite names them apart.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const { code } = error as { code: unknown };
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}
