import type { Database } from "~/db/connection.server";

/** Fields that must never reach the audit log, whatever a caller passes. */
const SECRET_KEYS = /password|token|secret|hash/i;

export interface AuditEntry {
  actorUserId: number | null;
  subjectUserId: number | null;
  action: string;
  details?: Record<string, unknown>;
  ip?: string;
}

export async function writeAudit(database: Database, entry: AuditEntry, now = Date.now()): Promise<void> {
  const details = Object.fromEntries(Object.entries(entry.details ?? {}).filter(([k]) => !SECRET_KEYS.test(k)));
  await database.db
    .insertInto("audit_log")
    .values({
      at: new Date(now).toISOString(),
      actor_user_id: entry.actorUserId,
      subject_user_id: entry.subjectUserId,
      action: entry.action,
      details: JSON.stringify(details),
      ip: (entry.ip ?? "").slice(0, 64),
    })
    .execute();
}
