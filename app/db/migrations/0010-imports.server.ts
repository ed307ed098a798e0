import { type ColumnDefinitionBuilder, type Kysely } from "kysely";
import type { DialectKind } from "../connection.server";

/**
 * Imports (decision 0023): a durable record of each batch (its file, mapping, state and counts), the problems its
 * check found, the source key of every imported record (what makes a second import of a file an update), and the
 * previous state of each record a batch changed (what its undo restores). Members' trees wait for approval and keep
 * the xref each person had in the submitted file, so a newer file of the same tree keeps their numbers.
 */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const id = (col: ColumnDefinitionBuilder) =>
    kind === "postgres" ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable("import_batches")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("target", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("file_path", "text", (col) => col.notNull())
    .addColumn("file_sha256", "text", (col) => col.notNull())
    .addColumn("file_bytes", "bigint", (col) => col.notNull())
    .addColumn("format", "text", (col) => col.notNull())
    .addColumn("encoding_detected", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("settings", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("analysis", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("rows_total", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_done", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_error", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_new", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_changed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_unchanged", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rows_skipped", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("checked", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_by", "integer")
    .addColumn("created_by_name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("error", "text")
    .addColumn("runner", "text")
    .addColumn("heartbeat_at", "text")
    .addColumn("undone_at", "text")
    .addColumn("undone_by_name", "text")
    .execute();
  await db.schema.createIndex("import_batches_target").on("import_batches").columns(["kind", "target", "id"]).execute();
  await db.schema.createIndex("import_batches_status").on("import_batches").column("status").execute();

  await db.schema
    .createTable("import_problems")
    .addColumn("batch_id", "integer", (col) => col.notNull().references("import_batches.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("row", "integer", (col) => col.notNull())
    .addColumn("column_name", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("import_problems_pk", ["batch_id", "position"])
    .execute();

  await db.schema
    .createTable("record_sources")
    .addColumn("record_id", "integer", (col) => col.primaryKey())
    .addColumn("collection", "integer", (col) => col.notNull())
    .addColumn("source_key", "text", (col) => col.notNull())
    .addColumn("batch_id", "integer")
    .execute();
  await db.schema
    .createIndex("record_sources_key")
    .unique()
    .on("record_sources")
    .columns(["collection", "source_key"])
    .execute();
  await db.schema.createIndex("record_sources_batch").on("record_sources").column("batch_id").execute();

  await db.schema
    .createTable("import_changes")
    .addColumn("batch_id", "integer", (col) => col.notNull())
    .addColumn("record_id", "integer", (col) => col.notNull())
    .addColumn("previous", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("import_changes_pk", ["batch_id", "record_id"])
    .execute();

  await db.schema
    .alterTable("family_trees")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("approved"))
    .execute();
  await db.schema.alterTable("family_trees").addColumn("submitter_id", "integer").execute();
  await db.schema.alterTable("family_trees").addColumn("batch_id", "integer").execute();
  await db.schema.alterTable("family_trees").addColumn("replaces_id", "integer").execute();
  await db.schema.alterTable("people").addColumn("xref", "text").execute();
}
