import type { Say } from "~/jobs/said";

/** A refusal the administrator can act on: its message is shown as it is, or by its key in the reader's language. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly say?: Say,
  ) {
    super(message);
  }
}
