import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from "kysely";
import { writeDirectoryKeys } from "~/members/directory-keys.server";
import type { Database, DialectKind } from "./connection.server";
import type { Schema } from "./schema";

/**
 * One migration set for both dialects. Where a dialect needs its own index
 * (substring search: FTS5 trigram vs pg_trgm; byte-order collation for
 * prefix ranges) the difference stays inside the migration.
 */
function migrations(kind: DialectKind): Record<string, Migration> {
  const c = kind === "postgres" ? sql` collate "C"` : sql``;
  return {
    "0001_records": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("records")
          .addColumn("id", "integer", (col) => col.primaryKey())
          .addColumn("collection", "integer", (col) => col.notNull())
          .addColumn("year", "integer", (col) => col.notNull())
          .addColumn("date_sort", "integer", (col) => col.notNull())
          .addColumn("greg_date", "text")
          .addColumn("julian_date", "text")
          .addColumn("s_name1", sql`text${c}`, (col) => col.notNull().defaultTo(""))
          .addColumn("s_given1", sql`text${c}`, (col) => col.notNull().defaultTo(""))
          .addColumn("s_name2", sql`text${c}`, (col) => col.notNull().defaultTo(""))
          .addColumn("s_given2", sql`text${c}`, (col) => col.notNull().defaultTo(""))
          .addColumn("s_place", sql`text${c}`, (col) => col.notNull().defaultTo(""))
          .addColumn("s_parish", sql`text${c}`, (col) => col.notNull().defaultTo(""))
          .addColumn("data", "text", (col) => col.notNull())
          .execute();
        // Browsing a collection without name criteria pages through this index.
        await db.schema
          .createIndex("records_collection_date")
          .on("records")
          .columns(["collection", "date_sort", "id"])
          .execute();

        await db.schema
          .createTable("name_values")
          .addColumn("id", "integer", (col) => col.primaryKey())
          .addColumn("collection", "integer", (col) => col.notNull())
          .addColumn("field", "text", (col) => col.notNull())
          .addColumn("value", "text", (col) => col.notNull())
          .addColumn("display", "text", (col) => col.notNull())
          .addColumn("folded", sql`text${c}`, (col) => col.notNull())
          .addColumn("n", "integer", (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createIndex("name_values_unique")
          .on("name_values")
          .columns(["collection", "field", "value"])
          .unique()
          .execute();
        await db.schema
          .createIndex("name_values_folded")
          .on("name_values")
          .columns(["collection", "field", "folded"])
          .execute();

        const withoutRowid = kind === "sqlite" ? sql` without rowid` : sql``;
        await sql`create table name_codes (
          collection integer not null,
          field text not null,
          kind text not null,
          code text not null,
          value_id integer not null,
          primary key (collection, field, kind, code, value_id)
        )${withoutRowid}`.execute(db);
        await sql`create table postings (
          value_id integer not null,
          year integer not null,
          record_id integer not null,
          primary key (value_id, year, record_id)
        )${withoutRowid}`.execute(db);

        await db.schema
          .createTable("app_meta")
          .addColumn("key", "text", (col) => col.primaryKey())
          .addColumn("value", "text", (col) => col.notNull())
          .execute();

        if (kind === "sqlite") {
          await sql`create virtual table name_values_fts using fts5(folded, content='name_values', content_rowid='id', tokenize='trigram')`.execute(
            db,
          );
          await sql`create trigger name_values_fts_insert after insert on name_values begin
            insert into name_values_fts(rowid, folded) values (new.id, new.folded);
          end`.execute(db);
          await sql`create trigger name_values_fts_delete after delete on name_values begin
            insert into name_values_fts(name_values_fts, rowid, folded) values ('delete', old.id, old.folded);
          end`.execute(db);
        } else {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`create index name_values_trgm on name_values using gin (folded gin_trgm_ops)`.execute(db);
        }
      },
    },
    "0002_accounts": {
      async up(db: Kysely<unknown>) {
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
      },
    },
    "0003_email_tokens": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("email_tokens")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
          .addColumn("purpose", "text", (col) => col.notNull())
          .addColumn("token_hash", "text", (col) => col.notNull().unique())
          .addColumn("new_email", "text")
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("expires_at", "text", (col) => col.notNull())
          .addColumn("used_at", "text")
          .execute();
        await db.schema.createIndex("email_tokens_user").on("email_tokens").column("user_id").execute();
      },
    },
    "0004_content_pages": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("content_pages")
          .addColumn("slug", "text", (col) => col.primaryKey())
          .addColumn("title", "text", (col) => col.notNull())
          .addColumn("body_markdown", "text", (col) => col.notNull())
          .addColumn("published", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("updated_at", "text", (col) => col.notNull())
          .addColumn("updated_by", "integer")
          .execute();
      },
    },
    // Place indexes (Breyer's map): decision 0012.
    "0005_places": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("places")
          .addColumn("id", "integer", (col) => col.primaryKey())
          .addColumn("name", "text", (col) => col.notNull())
          .addColumn("sort_name", sql`text${c}`, (col) => col.notNull())
          .addColumn("province", "text", (col) => col.notNull())
          .addColumn("sheet", "text", (col) => col.notNull())
          .addColumn("square", "text", (col) => col.notNull())
          .addColumn("lat", "double precision", (col) => col.notNull())
          .addColumn("lon", "double precision", (col) => col.notNull())
          .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
          .execute();
        // The bounding box of a radius search narrows on latitude first.
        await db.schema.createIndex("places_lat_lon").on("places").columns(["lat", "lon"]).execute();
        await db.schema.createIndex("places_province").on("places").columns(["province", "sort_name"]).execute();
        await db.schema.createIndex("places_sheet").on("places").columns(["sheet", "square"]).execute();

        await db.schema
          .createTable("place_names")
          .addColumn("place_id", "integer", (col) => col.notNull().references("places.id").onDelete("cascade"))
          .addColumn("kind", "text", (col) => col.notNull())
          .addColumn("name", "text", (col) => col.notNull())
          .addColumn("exact_key", sql`text${c}`, (col) => col.notNull())
          .addColumn("folded", sql`text${c}`, (col) => col.notNull())
          .execute();
        await db.schema.createIndex("place_names_folded").on("place_names").columns(["folded", "place_id"]).execute();
        await db.schema.createIndex("place_names_exact").on("place_names").columns(["exact_key", "place_id"]).execute();
        await db.schema.createIndex("place_names_place").on("place_names").column("place_id").execute();

        const withoutRowid = kind === "sqlite" ? sql` without rowid` : sql``;
        await sql`create table place_name_codes (
          code text not null,
          place_id integer not null,
          primary key (code, place_id)
        )${withoutRowid}`.execute(db);
      },
    },
    // One place module for several map indexes (decision 0016): each place belongs to one index, and every
    // lookup of the search narrows to its index first.
    "0006_place_indexes": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable("places")
          .addColumn("map_index", "text", (col) => col.notNull().defaultTo("breyer"))
          .execute();
        for (const name of ["places_lat_lon", "places_province", "places_sheet"]) {
          await db.schema.dropIndex(name).execute();
        }
        await db.schema.createIndex("places_index_name").on("places").columns(["map_index", "sort_name"]).execute();
        await db.schema.createIndex("places_index_lat_lon").on("places").columns(["map_index", "lat", "lon"]).execute();
        await db.schema
          .createIndex("places_index_province")
          .on("places")
          .columns(["map_index", "province", "sort_name"])
          .execute();
        await db.schema
          .createIndex("places_index_sheet")
          .on("places")
          .columns(["map_index", "sheet", "square"])
          .execute();
      },
    },
    // Linked people (decision 0017): the Lodz parish families and the members' submitted trees.
    "0007_families": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("family_trees")
          .addColumn("id", "integer", (col) => col.primaryKey())
          .addColumn("title", "text", (col) => col.notNull())
          .addColumn("submitter", "text", (col) => col.notNull())
          .addColumn("submitted_on", "text", (col) => col.notNull())
          .execute();
        await db.schema
          .createTable("people")
          .addColumn("id", "integer", (col) => col.primaryKey())
          .addColumn("collection", "text", (col) => col.notNull())
          // The number shown after the collection's letter (L1234, G5678): stable across imports.
          .addColumn("number", "integer", (col) => col.notNull())
          .addColumn("tree_id", "integer", (col) => col.references("family_trees.id"))
          .addColumn("surname", "text", (col) => col.notNull())
          .addColumn("given", "text", (col) => col.notNull())
          .addColumn("sort_surname", sql`text${c}`, (col) => col.notNull())
          .addColumn("sort_given", sql`text${c}`, (col) => col.notNull())
          .addColumn("sex", "text", (col) => col.notNull())
          .addColumn("birth_date", "text")
          .addColumn("birth_sort", "integer")
          .addColumn("birth_year", "integer")
          .addColumn("birth_place", "text", (col) => col.notNull().defaultTo(""))
          .addColumn("death_date", "text")
          .addColumn("death_sort", "integer")
          .addColumn("death_year", "integer")
          .addColumn("death_place", "text", (col) => col.notNull().defaultTo(""))
          .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
          .execute();
        await db.schema
          .createIndex("people_collection_number")
          .unique()
          .on("people")
          .columns(["collection", "number"])
          .execute();
        await db.schema
          .createIndex("people_collection_name")
          .on("people")
          .columns(["collection", "sort_surname", "sort_given"])
          .execute();
        await db.schema
          .createIndex("people_collection_birth")
          .on("people")
          .columns(["collection", "birth_sort"])
          .execute();
        await db.schema.createIndex("people_tree").on("people").column("tree_id").execute();

        await db.schema
          .createTable("families")
          .addColumn("id", "integer", (col) => col.primaryKey())
          .addColumn("collection", "text", (col) => col.notNull())
          .addColumn("husband_id", "integer", (col) => col.references("people.id").onDelete("set null"))
          .addColumn("wife_id", "integer", (col) => col.references("people.id").onDelete("set null"))
          .addColumn("marriage_date", "text")
          .addColumn("marriage_sort", "integer")
          .addColumn("marriage_place", "text", (col) => col.notNull().defaultTo(""))
          .execute();
        await db.schema.createIndex("families_husband").on("families").column("husband_id").execute();
        await db.schema.createIndex("families_wife").on("families").column("wife_id").execute();
        await db.schema
          .createTable("family_children")
          .addColumn("family_id", "integer", (col) => col.notNull().references("families.id").onDelete("cascade"))
          .addColumn("child_id", "integer", (col) => col.notNull().references("people.id").onDelete("cascade"))
          .addColumn("position", "integer", (col) => col.notNull())
          .addPrimaryKeyConstraint("family_children_pk", ["family_id", "child_id"])
          .execute();
        await db.schema.createIndex("family_children_child").on("family_children").column("child_id").execute();
        await db.schema
          .createTable("person_sources")
          .addColumn("person_id", "integer", (col) => col.notNull().references("people.id").onDelete("cascade"))
          .addColumn("position", "integer", (col) => col.notNull())
          .addColumn("citation", "text", (col) => col.notNull())
          .addPrimaryKeyConstraint("person_sources_pk", ["person_id", "position"])
          .execute();

        // Search keys of the four name fields (s surname, g given name, b birth place, d death place).
        await db.schema
          .createTable("person_keys")
          .addColumn("person_id", "integer", (col) => col.notNull().references("people.id").onDelete("cascade"))
          .addColumn("field", "text", (col) => col.notNull())
          .addColumn("exact_key", sql`text${c}`, (col) => col.notNull())
          .addColumn("folded", sql`text${c}`, (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex("person_keys_folded")
          .on("person_keys")
          .columns(["field", "folded", "person_id"])
          .execute();
        await db.schema
          .createIndex("person_keys_exact")
          .on("person_keys")
          .columns(["field", "exact_key", "person_id"])
          .execute();
        await db.schema.createIndex("person_keys_person").on("person_keys").column("person_id").execute();
        // Daitch–Mokotoff codes of every word of those fields, and given-name variant groups (field "v").
        await sql`create table person_codes (
          field text not null,
          code text not null,
          person_id integer not null,
          primary key (field, code, person_id)
        )${kind === "sqlite" ? sql` without rowid` : sql``}`.execute(db);
      },
    },
    // The member directory's search keys, back-filled from every profile: decision 0015.
    "0008_member_directory": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("member_directory_names")
          .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
          .addColumn("kind", "text", (col) => col.notNull())
          .addColumn("position", "integer", (col) => col.notNull())
          .addColumn("value", "text", (col) => col.notNull())
          .addColumn("exact_key", sql`text${c}`, (col) => col.notNull())
          .addColumn("folded", sql`text${c}`, (col) => col.notNull())
          .execute();
        await db.schema
          .createIndex("member_directory_names_folded")
          .on("member_directory_names")
          .columns(["kind", "folded", "user_id"])
          .execute();
        await db.schema
          .createIndex("member_directory_names_exact")
          .on("member_directory_names")
          .columns(["kind", "exact_key", "user_id"])
          .execute();
        await db.schema
          .createIndex("member_directory_names_user")
          .on("member_directory_names")
          .column("user_id")
          .execute();
        const withoutRowid = kind === "sqlite" ? sql` without rowid` : sql``;
        await sql`create table member_directory_codes (
          code text not null,
          user_id integer not null references users(id) on delete cascade,
          primary key (code, user_id)
        )${withoutRowid}`.execute(db);
        await sql`create index member_directory_codes_user on member_directory_codes (user_id)`.execute(db);
        await backfillDirectoryKeys(db as Kysely<Schema>);
      },
    },
  };
}

/** Every existing profile's directory keys, written as a profile save would write them. */
async function backfillDirectoryKeys(db: Kysely<Schema>): Promise<void> {
  const users = await db
    .selectFrom("users")
    .select(["id", "surname", "given_name", "research_surnames", "research_places"])
    .orderBy("id")
    .execute();
  for (const user of users) await writeDirectoryKeys(db, Number(user.id), user);
}

class InlineProvider implements MigrationProvider {
  constructor(private readonly kind: DialectKind) {}
  async getMigrations() {
    return migrations(this.kind);
  }
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Runs the migrations up to and including `name` only (tests of a later migration's back-fill). */
export async function migrateUpTo(database: Database, name: string): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function pendingMigrations(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const all = await migrator.getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}

export interface MigrationStatus {
  /** Every migration this code knows, in order. */
  known: string[];
  /** Known migrations the database has not had yet. */
  pending: string[];
  /** Migrations the database has had that this code does not know: a newer build migrated it. */
  unknown: string[];
}

/** Which migrations the database has had, compared with the ones this code knows (for /ConfigCheck). Changes nothing. */
export async function migrationStatus(database: Database): Promise<MigrationStatus> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const all = await migrator.getMigrations();
  const known = all.map((m) => m.name);
  const pending = all.filter((m) => !m.executedAt).map((m) => m.name);
  let unknown: string[] = [];
  // Without a single applied migration there may be no bookkeeping table to read.
  if (pending.length < known.length) {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    unknown = rows.map((r) => r.name).filter((name) => !known.includes(name));
  }
  return { known, pending, unknown };
}
