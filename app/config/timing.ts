// Every time constant of the product, named once with its unit (SPEC §4, §9).
// Tested in timing.test.ts so a typo cannot silently change product behaviour.

/** How often the browser refreshes its access token (SPEC §7.1: every 300 s). */
export const TOKEN_REFRESH_INTERVAL_MS = 300_000;
/** How often the page checks for a newer build (SPEC §4: 36e5 ms). */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
/** How long a chunk-load reload is remembered per path (SPEC §8: 1e4 ms). */
export const RELOAD_GUARD_TTL_MS = 10_000;
/** Delay before an open navigation dropdown closes after the pointer leaves (SPEC §9). */
export const MENU_CLOSE_DELAY_MS = 50;
/** Default open/close transition of the navigation menu (SPEC §9). */
export const MENU_TRANSITION_MS = 250;
/** Minimum distance a dropdown keeps from the screen edge, in CSS pixels (SPEC §9). */
export const MENU_SCREEN_OFFSET_PX = 10;
/** At most this many route-module preloads run at once (SPEC §9). */
export const MAX_CONCURRENT_PRELOADS = 4;

/** Lifetime of an access JWT (issue #3: ten minutes). */
export const ACCESS_TOKEN_TTL_MS = 10 * 60_000;
/** Lifetime of a refresh token (and so of a sign-in left alone). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
/**
 * A rotated refresh token presented again within this window is the other
 * tab of the same browser refreshing at the same moment, not a thief.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** First lock after too many failed sign-ins; doubles with each further failure. */
export const LOGIN_LOCK_BASE_MS = 30_000;
/** The longest a sign-in lock lasts. */
export const LOGIN_LOCK_MAX_MS = 3_600_000;
/** Longest a reload for a new build waits for the new service worker to take over first. */
export const SW_TAKEOVER_TIMEOUT_MS = 5_000;

/** /ConfigCheck: a browser clock this far from the server's is a warning (sign-ins and secure connections suffer). */
export const CLOCK_SKEW_WARN_MS = 2 * 60_000;
/** /ConfigCheck: a browser clock this far from the server's fails the check. */
export const CLOCK_SKEW_FAIL_MS = 5 * 60_000;
/** /ConfigCheck: how long the database may take to answer a trivial query before it counts as unreachable. */
export const DIAGNOSTIC_DATABASE_TIMEOUT_MS = 2_000;
/** /ConfigCheck: how long each request the browser checks make (refresh, /api/auth/me, latest build) may take. */
export const DIAGNOSTIC_REQUEST_TIMEOUT_MS = 10_000;
/** /ConfigCheck: a sign-in token with less than this left is a warning (it should have been renewed). */
export const TOKEN_EXPIRY_WARN_MS = 60_000;

/** How long a request waits for a PostgreSQL connection before it is answered 503 (the database is away). */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a write waits for SQLite's write lock held by another connection (an import, a seed, another process)
 * before it is answered 503 "busy". It waits without holding up the server (app/db/connection.server.ts).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** The longest pause between two tries of SQLite's write lock: short, as an import's commit frees it at once. */
export const SQLITE_BUSY_RETRY_MAX_MS = 25;
/**
 * The longest run of SQLite statements on the server's thread before the next one waits for the event loop to
 * serve whatever else is waiting (decision 0055): a search or an admin export of many statements is cut into slices
 * of about this length, so /healthz and other pages answer between them.
 */
export const SQLITE_THREAD_SLICE_MS = 20;
/**
 * A search's time budget on PostgreSQL (statement_timeout; decision 0055): ordinary searches take milliseconds, so
 * one still running after this long was too broad, and is answered as such instead of holding a connection.
 */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;
/** `Retry-After` of a 503 while the database is away (a restart usually takes a few seconds) or busy with a long write. */
export const DATABASE_RETRY_AFTER_SECONDS = 10;
/** `Retry-After` of a 503 while the disk under the data is full (someone has to free space). */
export const STORAGE_RETRY_AFTER_SECONDS = 300;
/** A failed write is reported by /healthz for this long after it happened, unless a write succeeds first. */
export const STORAGE_FAILURE_MEMORY_MS = 60_000;
/** The alert for a full disk is logged at most this often (one alert, not one per request). */
export const STORAGE_ALERT_INTERVAL_MS = 10 * 60_000;
/** Requests answered 503 while the database is away are logged at most this often. */
export const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

/** A request that takes this long is logged at info even when it succeeded (the others are debug lines). */
export const SLOW_REQUEST_LOG_MS = 1_000;

/** The window of the sign-up rate limit (app/auth/rate-limits.server.ts). */
export const SIGN_UP_LIMIT_WINDOW_MS = 3_600_000;
/** The window of the rate limit on forgotten-password, forgotten-username and password-reset forms. */
export const ACCOUNT_HELP_LIMIT_WINDOW_MS = 3_600_000;
/** The window of the rate limits on token refresh, the token API and exports. */
export const API_LIMIT_WINDOW_MS = 60_000;

/** A running import tells the database it is alive this often (PostgreSQL: other instances read it). */
export const IMPORT_HEARTBEAT_INTERVAL_MS = 5_000;
/** An import whose instance has been silent this long died with it: its batch is shown as failed. */
export const IMPORT_STALE_AFTER_MS = 30_000;
/** On PostgreSQL every instance looks this often for batches whose instance went silent. */
export const IMPORT_STALE_CHECK_INTERVAL_MS = 10_000;
/** The progress bar's server-sent events come at most this often. */
export const IMPORT_PROGRESS_EVENT_MS = 500;
/**
 * How long the submission of a tree waits for the file to be read before the member is sent to their trees page to
 * watch it (a small file answers on the submit page as before, its errors beside the file field).
 */
export const TREE_SUBMIT_WAIT_MS = 3_000;
/** A refused tree file stays on the member's trees page, its errors listed, this long. */
export const TREE_REFUSALS_SHOWN_MS = 7 * 24 * 3_600_000;
/**
 * After each slice of a tree's people or families the writer rests as long as the slice took, at most this long: a
 * page needs several turns of the event loop, and gets them while the writer rests rather than one slice apart.
 */
export const TREE_WRITE_REST_MAX_MS = 50;
/** How often the trees page asks again while a member's file is being read. */
export const TREE_PROGRESS_POLL_MS = 1_000;

/**
 * How long a shared cache in front of the site (nginx, a CDN: docs/deploy.md) may send a visitor's public page
 * before it asks again with If-None-Match (`s-maxage`): a write shows there at most this late. Asking again costs
 * the site a data-version read and a 304 (decision 0066).
 */
export const SHARED_CACHE_MAX_AGE_S = 2;

/**
 * How long a public page kept by the server (app/platform/kept-pages.server.ts) is sent again without its loaders
 * running, while no write has touched the database: it bounds what time alone changes on a page (the public years'
 * limit, a citation's access date) to this much.
 */
export const PAGE_CACHE_FRESH_MS = 60_000;

/** How long a browser may keep a file whose address carries its content's hash (the base map's files). */
export const VERSIONED_FILE_MAX_AGE_SECONDS = 365 * 24 * 3_600;

/** How often the uploads folder is swept of files that belong to no batch (issue 26; also at each start). */
export const UPLOAD_SWEEP_INTERVAL_MS = 3_600_000;
/**
 * A file in the uploads folder changed this recently is never swept: an upload in flight on another instance or
 * `npm run import` copying its file before the batch that keeps it exists.
 */
export const UPLOAD_SWEEP_GRACE_MS = 6 * 3_600_000;
