/**
 * Rows handed between threads as one buffer of bytes (decision 0075): their values one after the other, in column
 * order, as JSON. A buffer is moved to the next thread (transferred), not copied value by value, so a thread that
 * only passes rows on neither reads them nor makes garbage of them. The SQLite worker's script
 * (sqlite-worker.server.ts) decodes them the same way.
 */

export function encodeRows(values: readonly unknown[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(values));
}

export function decodeRows(bytes: Uint8Array): unknown[] {
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown[];
}
