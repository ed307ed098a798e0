import type { Database } from "./connection.server";

/**
 * The process's one database, as every domain reaches it. The runtime (app/server/runtime.server.ts, the
 * composition root) opens, migrates and seeds it and hands the opening over here; the domains read it through
 * getDatabase() without importing the runtime, so the layers point down (decision 0022).
 */
let opening: Promise<Database> | undefined;

/** Called by the runtime when it starts (the promise of the opened database) and stops (undefined). */
export function provideDatabase(open: Promise<Database> | undefined): void {
  opening = open;
}

export function getDatabase(): Promise<Database> {
  // A request or test before the runtime started is a wiring mistake, not a database outage.
  if (!opening) throw new Error("The database is asked for before the runtime started (startRuntime).");
  return opening;
}
