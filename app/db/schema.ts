import type { Generated } from "kysely";

/** Kysely table types. Column names are snake_case in both dialects. */

export interface RecordsTable {
  id: number;
  collection: number;
  /** Gregorian event year; searched and filtered on. */
  year: number;
  /** Gregorian date as yyyymmdd (month/day 0 when unknown): the "year" sort key. */
  date_sort: number;
  greg_date: string | null;
  julian_date: string | null;
  /** Folded sort keys (ASCII lowercase), so both dialects sort alike. */
  s_name1: string;
  s_given1: string;
  s_name2: string;
  s_given2: string;
  s_place: string;
  s_parish: string;
  /** The record's fields as JSON text: what the register says, as transcribed. */
  data: string;
}

/**
 * The dictionary of distinct name values per collection and field. Every
 * match mode resolves a criterion to a handful of value ids here, then reads
 * their posting lists: no mode scans the records.
 */
export interface NameValuesTable {
  id: number;
  collection: number;
  field: string;
  /** exactKey(): lowercase, diacritics kept. */
  value: string;
  /** The spelling as first seen, for pick lists. */
  display: string;
  /** foldName(): the "normalized" key. */
  folded: string;
  /** Number of postings (records) carrying this value. */
  n: number;
}

/** Phonetic codes ("d": Daitch–Mokotoff) and given-name variant groups ("v") of each value. */
export interface NameCodesTable {
  collection: number;
  field: string;
  kind: string;
  code: string;
  value_id: number;
}

/** Which records carry which value; the year is in the key so year ranges are index ranges. */
export interface PostingsTable {
  value_id: number;
  year: number;
  record_id: number;
  /**
   * The record's name signature (app/search/signature.ts, decision 0046): the same on every posting of a record, so
   * a search of several names rules out most records from the rarest name's postings alone.
   */
  sig: number;
}

/** Facts about this installation ("demo_seeded_at", …). */
export interface AppMetaTable {
  key: string;
  value: string;
}

export type Role = "member" | "admin";
export type AccountStatus = "pending" | "active" | "suspended";

/** A member's account. Usernames and e-mail addresses are unique without regard to case. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower(username), for the unique index and case-free look-ups. */
  username_key: string;
  email: string;
  email_key: string;
  email_verified_at: string | null;
  password_hash: string;
  role: Role;
  status: AccountStatus;
  /** ISO date (yyyy-mm-dd); null means no expiry. */
  membership_expires_on: string | null;
  given_name: string;
  surname: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country_code: string;
  region_code: string;
  phone: string;
  research_surnames: string;
  research_places: string;
  /** The member's language for the site (issue 29): a code of app/i18n/languages.ts, or "" for none chosen. */
  language: Generated<string>;
  listed_in_directory: number;
  created_at: string;
  updated_at: string;
}

/**
 * One refresh token of a sign-in. Only its SHA-256 is stored. Rotation
 * creates a new row in the same family; presenting a rotated token after
 * the grace window revokes the whole family (DESIGN §3).
 */
export interface SessionsTable {
  id: string;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  user_agent: string;
  ip: string;
}

/** Who did what to which account, when, from where. Never a password or token. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  subject_user_id: number | null;
  action: string;
  details: string;
  ip: string;
}

/** Failed sign-ins per address and per account, for throttling. */
/** One rate limit's count of requests from one client address in the current window (decision 0037). */
export interface RateLimitsTable {
  key: string;
  window_started_at: string;
  hits: number;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

/** One-time links sent by e-mail; only the token's hash is stored. */
export interface EmailTokensTable {
  id: string;
  user_id: number;
  purpose: string;
  token_hash: string;
  new_email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Members' content pages (research guides, journal issues, announcements), written in Markdown. */
export interface ContentPagesTable {
  slug: string;
  title: string;
  body_markdown: string;
  published: number;
  updated_at: string;
  updated_by: number | null;
}

/** One entry of a place index (Breyer's map, Russia-Poland, Ukraine): a settlement, by its name in the index. */
export interface PlacesTable {
  id: number;
  /** The place index the entry belongs to (app/places/indexes.ts). */
  map_index: string;
  /** The name as printed on the map. */
  name: string;
  /** foldName(name), for sorting. */
  sort_name: string;
  province: string;
  sheet: string;
  square: string;
  lat: number;
  lon: number;
  notes: string;
}

/** Every spelling of a place, the map's own included (kind "map"). */
export interface PlaceNamesTable {
  place_id: number;
  kind: string;
  name: string;
  exact_key: string;
  folded: string;
}

/** Daitch–Mokotoff codes of each word of each spelling. */
export interface PlaceNameCodesTable {
  code: string;
  place_id: number;
}

/** Every tail of a place's folded spellings that begins at a word, for "starts with" (decision 0030). */
export interface PlaceNameWordsTable {
  word_key: string;
  place_id: number;
}

/**
 * The member directory's search keys (decision 0015): a member's own surname
 * and given name and each research surname and place, one row each, kept in
 * step with `users` whenever a profile is saved.
 */
export interface MemberDirectoryNamesTable {
  user_id: number;
  kind: "surname" | "given_name" | "research_surname" | "research_place";
  /** The item's place in its list as the member typed it. */
  position: number;
  value: string;
  exact_key: string;
  folded: string;
}

/** A member's submitted family tree in the Master Pedigree Database. */
export interface FamilyTreesTable {
  id: number;
  title: string;
  submitter: string;
  submitted_on: string;
  /** "approved" (shown), "pending" (waiting for an administrator), "rejected", "withdrawn" or "replaced". */
  status: Generated<string>;
  /** The member who submitted it (a tree of the demo has none). */
  submitter_id: number | null;
  /** The import batch that read its file. */
  batch_id: number | null;
  /** The approved tree this one replaces when it is approved. */
  replaces_id: number | null;
}

/** One person of a linked collection (Lodz parish families, members' trees). */
export interface PeopleTable {
  id: number;
  /** "lodz" | "genealogy" */
  collection: string;
  /** Shown after the collection's letter: L1234, G5678. */
  number: number;
  tree_id: number | null;
  surname: string;
  given: string;
  sort_surname: string;
  sort_given: string;
  /** "m" | "f" | "u" */
  sex: string;
  /** yyyy, yyyy-mm or yyyy-mm-dd as far as known. */
  birth_date: string | null;
  /** yyyymmdd with 0 for an unknown month or day. */
  birth_sort: number | null;
  birth_year: number | null;
  birth_place: string;
  death_date: string | null;
  death_sort: number | null;
  death_year: number | null;
  death_place: string;
  notes: string;
  /** The person's xref in the submitted GEDCOM ("I12"): a newer file of the tree keeps the number of an unchanged xref. */
  xref: string | null;
}

/** A couple and their marriage; children in family_children. */
export interface FamiliesTable {
  id: number;
  collection: string;
  husband_id: number | null;
  wife_id: number | null;
  marriage_date: string | null;
  marriage_sort: number | null;
  marriage_place: string;
}

export interface FamilyChildrenTable {
  family_id: number;
  child_id: number;
  position: number;
}

export interface PersonSourcesTable {
  person_id: number;
  position: number;
  citation: string;
}

/** Search keys of a person's surname (s), given name (g), birth place (b) and death place (d). */
export interface PersonKeysTable {
  person_id: number;
  field: string;
  exact_key: string;
  folded: string;
}

/** Daitch–Mokotoff codes of every word of a member's research surnames. */
export interface MemberDirectoryCodesTable {
  code: string;
  user_id: number;
}

/** Daitch–Mokotoff codes per word of those fields, and given-name variant groups (field "v"). */
export interface PersonCodesTable {
  field: string;
  code: string;
  person_id: number;
}

/** What an import batch is and how far it got (decision 0023). */
export interface ImportBatchesTable {
  id: Generated<number>;
  /** "records" | "places" | "tree" */
  kind: string;
  /** The collection or place index id, or the family collection of a tree. */
  target: string;
  status: string;
  file_name: string;
  file_path: string;
  file_sha256: string;
  file_bytes: number;
  /** "csv" | "xlsx" | "gedcom" */
  format: string;
  encoding_detected: string;
  /** JSON: the administrator's choices (encoding, delimiter, mapping, key column, calendar, skip bad rows). */
  settings: string;
  /** JSON: what reading the file found (headers, sample rows, delimiter, sheets). */
  analysis: string;
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  rows_error: Generated<number>;
  rows_new: Generated<number>;
  rows_changed: Generated<number>;
  rows_unchanged: Generated<number>;
  rows_skipped: Generated<number>;
  /** 1 once a check (dry run) of the current settings finished. */
  checked: Generated<number>;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  error: string | null;
  /** The instance running the batch and its last sign of life (PostgreSQL: one instance runs a job). */
  runner: string | null;
  heartbeat_at: string | null;
  undone_at: string | null;
  undone_by_name: string | null;
}

/** A problem the check of a batch found, by row (the spreadsheet's row number, or the GEDCOM line) and column. */
export interface ImportProblemsTable {
  batch_id: number;
  position: number;
  row: number;
  column_name: string;
  message: string;
}

/** The source key of a record that came from an import: a second import of the key updates the record. */
export interface RecordSourcesTable {
  record_id: number;
  collection: number;
  source_key: string;
  /** The batch that created the record; null when the record was there before (a key given to a demo record). */
  batch_id: number | null;
}

/** The source key of a place that came from an import into a map index (decision 0027). */
export interface PlaceSourcesTable {
  place_id: number;
  map_index: string;
  source_key: string;
  /** The batch that created the place; null when the place was there before (a key given to a seeded place). */
  batch_id: number | null;
}

/** A record or place as it was before a batch changed it (JSON), for the batch's undo. */
export interface ImportChangesTable {
  batch_id: number;
  /** The record's id, or the place's in a batch of kind "places". */
  record_id: number;
  previous: string;
}

export interface Schema {
  import_batches: ImportBatchesTable;
  import_problems: ImportProblemsTable;
  record_sources: RecordSourcesTable;
  import_changes: ImportChangesTable;
  place_sources: PlaceSourcesTable;
  member_directory_names: MemberDirectoryNamesTable;
  member_directory_codes: MemberDirectoryCodesTable;
  family_trees: FamilyTreesTable;
  people: PeopleTable;
  families: FamiliesTable;
  family_children: FamilyChildrenTable;
  person_sources: PersonSourcesTable;
  person_keys: PersonKeysTable;
  person_codes: PersonCodesTable;
  places: PlacesTable;
  place_names: PlaceNamesTable;
  place_name_codes: PlaceNameCodesTable;
  place_name_words: PlaceNameWordsTable;
  app_meta: AppMetaTable;
  content_pages: ContentPagesTable;
  email_tokens: EmailTokensTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  login_throttle: LoginThrottleTable;
  rate_limits: RateLimitsTable;
  records: RecordsTable;
  name_values: NameValuesTable;
  name_codes: NameCodesTable;
  postings: PostingsTable;
}

/** The records column behind each sortable column of the collection registry. */
export const SORT_COLUMN_NAMES = {
  date: "date_sort",
  name1: "s_name1",
  given1: "s_given1",
  name2: "s_name2",
  given2: "s_given2",
  place: "s_place",
  parish: "s_parish",
} as const satisfies Record<string, keyof RecordsTable>;

/** The sortable columns of the records table; each collection maps its fields onto them. */
export type SortColumn = keyof typeof SORT_COLUMN_NAMES;
