import { data } from "@remix-run/node";
import { sql } from "kysely";
import { requireAdminAuth } from "~/auth/guard.server";
import type { Database } from "~/db/connection.server";
import { pageWindow } from "~/listing/paging";
import { getDatabase } from "~/db/current.server";
import { isIsoDate } from "./forms";
import { containsPattern, positiveInt } from "./members-query";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import { errorsIn } from "./form-messages.server";

/**
 * The audit log as administrators read it: /members/admin/audit (searchable,
 * newest first, paged) and each member's trail on their page. Details are
 * stored as JSON and shown as readable text.
 */

export const AUDIT_PER_PAGE = 50;
export const MAX_AUDIT_TEXT = 100;

export interface AuditFilters {
  /** Substring of the action ("account.updated"), without regard to case. */
  action?: string;
  /** Substring of the actor's or the subject's username. */
  user?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  subjectUserId?: number;
}

export interface AuditRow {
  id: number;
  at: string;
  action: string;
  actor: { id: number; username: string | null } | null;
  subject: { id: number; username: string | null } | null;
  details: string;
  ip: string;
}

const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One page of matching entries, newest first, with the total. */
export async function auditPage(database: Database, filters: AuditFilters, page: number, perPage: number) {
  const base = database.db
    .selectFrom("audit_log")
    .leftJoin("users as actor", "actor.id", "audit_log.actor_user_id")
    .leftJoin("users as subject", "subject.id", "audit_log.subject_user_id")
    .where((eb) => {
      const and = [];
      if (filters.action) {
        and.push(sql<boolean>`lower(audit_log.action) like ${containsPattern(filters.action)} escape '\\'`);
      }
      if (filters.user) {
        const pattern = containsPattern(filters.user);
        and.push(
          eb.or([
            eb("actor.username_key", "like", sql<string>`${pattern} escape '\\'`),
            eb("subject.username_key", "like", sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      // Timestamps are ISO strings, so a day range is a string range.
      if (filters.from) and.push(eb("audit_log.at", ">=", filters.from));
      if (filters.to) and.push(eb("audit_log.at", "<", nextDay(filters.to)));
      if (filters.subjectUserId !== undefined) and.push(eb("audit_log.subject_user_id", "=", filters.subjectUserId));
      return eb.and(and);
    });
  const counted = await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const { offset, page: current, pageCount } = pageWindow(total, page, perPage);
  const rows = await base
    .select([
      "audit_log.id",
      "audit_log.at",
      "audit_log.action",
      "audit_log.details",
      "audit_log.ip",
      "audit_log.actor_user_id",
      "audit_log.subject_user_id",
      "actor.username as actor_username",
      "subject.username as subject_username",
    ])
    .orderBy("audit_log.at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(perPage)
    .offset(offset)
    .execute();
  return {
    rows: rows.map((r): AuditRow => ({
      id: Number(r.id),
      at: r.at,
      action: r.action,
      actor: r.actor_user_id === null ? null : { id: Number(r.actor_user_id), username: r.actor_username ?? null },
      subject:
        r.subject_user_id === null ? null : { id: Number(r.subject_user_id), username: r.subject_username ?? null },
      details: describeDetails(r.details),
      ip: r.ip,
    })),
    total,
    page: current,
    pageCount,
  };
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    // The shape updateMember writes: { from, to }.
    if (entries.length === 2 && "from" in value && "to" in value) {
      const change = value as { from: unknown; to: unknown };
      return `${describeValue(change.from)} → ${describeValue(change.to)}`;
    }
    return entries.map(([k, v]) => `${k} ${describeValue(v)}`).join(", ");
  }
  return String(value);
}

/** `{"role":{"from":"member","to":"admin"},"via":"x"}` → `role: member → admin; via: x`. */
export function describeDetails(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return describeValue(parsed);
  return Object.entries(parsed as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${describeValue(value)}`)
    .join("; ");
}

export type AuditParam = "action" | "user" | "from" | "to" | "page";

/** Reads /members/admin/audit's parameters; never throws. */
export function parseAuditQuery(params: URLSearchParams) {
  const values: Partial<Record<AuditParam, string>> = {};
  const errors: Partial<Record<AuditParam, string>> = {};
  const read = (name: AuditParam) => {
    const raw = (params.get(name) ?? "").trim();
    if (raw) values[name] = raw.slice(0, 200);
    return raw;
  };
  const action = read("action");
  if (action.length > MAX_AUDIT_TEXT) errors.action = `Search with at most ${MAX_AUDIT_TEXT} characters.`;
  const user = read("user");
  if (user.length > MAX_AUDIT_TEXT) errors.user = `Search with at most ${MAX_AUDIT_TEXT} characters.`;
  const from = read("from");
  if (from && !isIsoDate(from)) errors.from = "Use a date such as 2025-01-31.";
  const to = read("to");
  if (to && !isIsoDate(to)) errors.to = "Use a date such as 2025-12-31.";
  if (from && to && !errors.from && !errors.to && from > to) errors.to = "The end date is before the start date.";
  const pageText = read("page");
  const page = pageText ? positiveInt(pageText) : 1;
  if (page === undefined) errors.page = "The page number must be a whole number from 1.";
  const filters: AuditFilters = {
    action: action || undefined,
    user: user || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  return { filters, page: page ?? 1, values, errors };
}

export async function loadAuditPage(request: Request) {
  await requireAdminAuth(request, { admin: true });
  const url = new URL(request.url);
  const parsed = parseAuditQuery(url.searchParams);
  const language = await languageOfRequest(request);
  const base = {
    values: parsed.values,
    errors: errorsIn(language, parsed.errors),
    meta: pageMeta(language, "admin", "meta.audit"),
  };
  if (Object.keys(parsed.errors).length > 0) return data({ ...base, result: null }, { status: 400 });
  const result = await auditPage(await getDatabase(), parsed.filters, parsed.page, AUDIT_PER_PAGE);
  return data({ ...base, result });
}
