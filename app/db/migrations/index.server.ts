import type { Kysely, Migration } from "kysely";
import type { DialectKind } from "../connection.server";
import * as records from "./0001-records.server";
import * as accounts from "./0002-accounts.server";
import * as emailTokens from "./0003-email-tokens.server";
import * as contentPages from "./0004-content-pages.server";
import * as places from "./0005-places.server";
import * as placeIndexes from "./0006-place-indexes.server";
import * as families from "./0007-families.server";
import * as memberDirectory from "./0008-member-directory.server";
import * as placeNameWords from "./0009-place-name-words.server";
import * as imports from "./0010-imports.server";
import * as placeSources from "./0011-place-sources.server";
import * as rateLimits from "./0012-rate-limits.server";
import * as postingSignatures from "./0013-posting-signatures.server";
import * as postingSignatureIndex from "./0014-posting-signature-index.server";
import * as memberLanguage from "./0015-member-language.server";

type Up = (db: Kysely<unknown>, kind: DialectKind) => Promise<void>;

/**
 * Every migration in order, under the name the databases record in
 * kysely_migration: a name never changes once released, or databases would
 * run that migration again. A new migration is a new file and a line here.
 */
const MIGRATIONS: ReadonlyArray<readonly [name: string, up: Up]> = [
  ["0001_records", records.up],
  ["0002_accounts", accounts.up],
  ["0003_email_tokens", emailTokens.up],
  ["0004_content_pages", contentPages.up],
  ["0005_places", places.up],
  ["0006_place_indexes", placeIndexes.up],
  ["0007_families", families.up],
  ["0008_member_directory", memberDirectory.up],
  ["0009_place_name_words", placeNameWords.up],
  ["0010_imports", imports.up],
  ["0011_place_sources", placeSources.up],
  ["0012_rate_limits", rateLimits.up],
  ["0013_posting_signatures", postingSignatures.up],
  ["0014_posting_signature_index", postingSignatureIndex.up],
  ["0015_member_language", memberLanguage.up],
];

/** One migration set for both dialects; where a dialect needs its own SQL the difference stays inside the migration. */
export function migrations(kind: DialectKind): Record<string, Migration> {
  return Object.fromEntries(MIGRATIONS.map(([name, up]) => [name, { up: (db: Kysely<unknown>) => up(db, kind) }]));
}
