import { type ColumnDefinitionBuilder, type Kysely } from "kysely";
import type { DialectKind } from "../connection.server";

/** Accounts, their sessions, the audit log and the login throttle. */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const id = (col: ColumnDefinitionBuilder) =>
    kind === "postgres" ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", id)
    .addColumn("username", "text", (col) => col.notNull())
    .addColumn("username_key", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_key", "text", (col) => col.notNull().unique())
    .addColumn("email_verified_at", "text")
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().defaultTo("member"))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("membership_expires_on", "text")
    .addColumn("given_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("surname", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("address_line1", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("address_line2", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("city", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("postal_code", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("country_code", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("region_code", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("phone", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("research_surnames", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("research_places", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("listed_in_directory", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("family_id", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("rotated_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("user_agent", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("ip", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("sessions_family").on("sessions").column("family_id").execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", id)
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actor_user_id", "integer")
    .addColumn("subject_user_id", "integer")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("ip", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("audit_log_subject").on("audit_log").columns(["subject_user_id", "at"]).execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();

  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("failures", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}
