/**
 * The largest file an import or a tree submission takes (UPLOAD_MAX_MB), and the pages that take one. Read by the
 * request guards (a 413 before the body is read) and by the upload pages (their own limit and the browser's check).
 * Relative imports only: server.ts is compiled outside the app's path aliases.
 */
export const DEFAULT_UPLOAD_MAX_MB = 500;
export const UPLOAD_PATHS = ["/members/admin/imports/new", "/members/genealogy/submit"] as const;

/** The largest upload in bytes. */
export function uploadMaxBytes(env: Partial<Record<string, string>>): number {
  const n = Number(env.UPLOAD_MAX_MB);
  return (Number.isInteger(n) && n > 0 ? n : DEFAULT_UPLOAD_MAX_MB) * 1024 * 1024;
}

/** The most a member's uploads still kept on the server (their trees' files, their imports' files) may take. */
export const DEFAULT_UPLOAD_QUOTA_MB = 1024;

/** A user's upload quota in bytes (UPLOAD_QUOTA_MB). */
export function uploadQuotaBytes(env: Partial<Record<string, string>>): number {
  const n = Number(env.UPLOAD_QUOTA_MB);
  return (Number.isInteger(n) && n > 0 ? n : DEFAULT_UPLOAD_QUOTA_MB) * 1024 * 1024;
}
