/** A refusal the administrator can act on: its message is shown as it is. */
export class ImportError extends Error {}
