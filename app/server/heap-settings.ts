// Applied by server.ts before it loads the app. No `~/` imports: server.ts is compiled on its own (tsconfig.server.json).
import v8 from "node:v8";

/**
 * How far V8 lets the heap grow past what survived the last full collection before it collects again. V8's own
 * factor (up to 4× on a server) let a 40 MB live heap swell to 190 MB between collections, and the server's resident
 * size swung with it, so a 10-minute soak's memory looked like growth it was not; at 50 % the same soak's peak fell
 * from 310 to 205 MB for the same number of full collections and the same GC time (decision 0052).
 */
export const HEAP_GROWING_PERCENT = 50;

/** The flag as V8 reads it: with dashes or underscores, with or without a value. */
const GIVEN_FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Sets the heap's growing factor unless the command line already chose one (`node --heap-growing-percent=0
 * build/server.js` gives V8 back its own; a benchmark may compare). V8 reads the flag at every collection, so
 * setting it once the process runs takes effect as on the command line. Returns the flag it set, if any.
 */
export function applyHeapSettings(execArgv: readonly string[] = process.execArgv): string | undefined {
  if (execArgv.some((arg) => GIVEN_FLAG.test(arg))) return undefined;
  const flag = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
  v8.setFlagsFromString(flag);
  return flag;
}
