import type { LogEvent } from "kysely";

/**
 * Counts the statements run on a database and the time they took, as the driver saw them (transaction BEGIN and
 * COMMIT included): on PostgreSQL each is a round trip to the server, so how many a search makes is much of what it
 * costs (issue 30). Given to openSqlite/openPostgres as `log`; for tests and benchmarks, never the site.
 */
export class StatementLog {
  count = 0;
  ms = 0;
  /** The statements' SQL in the order they ran, with `keepSql` (a bulk load's would fill the memory). */
  readonly sql: string[] = [];

  constructor(private readonly keepSql = false) {}

  readonly log = (event: LogEvent): void => {
    this.count++;
    this.ms += event.queryDurationMillis;
    if (this.keepSql) this.sql.push(event.query.sql);
  };

  /** Starts counting afresh. */
  reset(): void {
    this.count = 0;
    this.ms = 0;
    this.sql.length = 0;
  }
}
