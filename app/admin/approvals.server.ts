import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { writeAudit } from "~/auth/audit.server";
import { validateCsrf } from "~/auth/csrf.server";
import { requireAdminAuth } from "~/auth/guard.server";
import { revokeAllSessions } from "~/auth/sessions.server";
import { approvalRequired } from "~/auth/signup.server";
import type { Database } from "~/db/connection.server";
import { sendMail } from "~/mail/mailer.server";
import { readForm } from "~/routing/form-data.server";
import { getDatabase } from "~/db/current.server";
import { rejectSchema } from "./forms";
import { languageOfRequest } from "~/auth/language.server";
import { formMessages, pageMeta, translator } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/languages";
import { formatErrorsIn } from "./form-messages.server";
import { positiveInt } from "./members-query";
import { PATHS } from "~/routing/paths";
import { approveTree, listWaitingTrees, rejectTree } from "~/families/trees.server";

/**
 * /members/admin/approvals — with MEMBERSHIP_APPROVAL=admin, accounts whose
 * e-mail address is confirmed wait here (status "pending") for an
 * administrator to approve (active, welcome e-mail) or reject (suspended).
 * With approval off the page only shows sign-ups still unconfirmed. Members'
 * family trees wait here too, whatever the membership setting (decision 0026).
 */

export const APPROVALS_PATH = PATHS.adminApprovals;
export const APPROVAL_OFF =
  "Approval is off (MEMBERSHIP_APPROVAL is not “admin”): confirming the e-mail address activates a membership.";
export const NOT_WAITING = "That account is no longer waiting for approval.";
export const TREE_NOT_WAITING = "That family tree is no longer waiting for approval.";
const DONE = ["approved", "rejected", "tree-approved", "tree-rejected"] as const;

export interface WaitingAccount {
  id: number;
  username: string;
  email: string;
  name: string;
  signedUp: string;
  verifiedAt: string | null;
}

/** Pending accounts: with a confirmed address (the queue) or without one (approval off). */
export async function listWaiting(database: Database, verified: boolean): Promise<WaitingAccount[]> {
  const rows = await database.db
    .selectFrom("users")
    .select(["id", "username", "email", "given_name", "surname", "created_at", "email_verified_at"])
    .where("status", "=", "pending")
    .where("email_verified_at", verified ? "is not" : "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    email: r.email,
    name: [r.given_name, r.surname].filter(Boolean).join(" "),
    signedUp: r.created_at,
    verifiedAt: r.email_verified_at,
  }));
}

export async function loadApprovalsPage(request: Request) {
  await requireAdminAuth(request, { admin: true });
  const database = await getDatabase();
  const approval = approvalRequired();
  const done = new URL(request.url).searchParams.get("done");
  return {
    approval,
    accounts: await listWaiting(database, approval),
    trees: await listWaitingTrees(database),
    done: DONE.find((d) => d === done) ?? null,
    meta: pageMeta(await languageOfRequest(request), "admin", "meta.approvals"),
  };
}

/**
 * Approves one waiting account. The update names the queue's condition, so
 * two administrators clicking at once approve it once; false when it was
 * not waiting.
 */
export async function approveMember(
  database: Database,
  memberId: number,
  actor: { userId: number; ip: string },
  siteOrigin: string,
): Promise<boolean> {
  const member = await database.db
    .selectFrom("users")
    .select(["username", "email", "language"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!member) return false;
  const updated = await database.db
    .updateTable("users")
    .set({ status: "active", updated_at: new Date().toISOString() })
    .where("id", "=", memberId)
    .where("status", "=", "pending")
    .where("email_verified_at", "is not", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await writeAudit(database, {
    actorUserId: actor.userId,
    subjectUserId: memberId,
    action: "membership.approved",
    details: { status: { from: "pending", to: "active" } },
    ip: actor.ip,
  });
  // The welcome goes to the member: in their language (their profile's), not the administrator's.
  const t = translator(isLanguage(member.language) ? member.language : DEFAULT_LANGUAGE, "admin");
  await sendMail({
    to: member.email,
    subject: t("welcomeMail.subject"),
    text: t("welcomeMail.body", { username: member.username, link: new URL(PATHS.login, siteOrigin).toString() }),
  });
  return true;
}

/** Rejects one waiting account (suspended), keeping the reason in the audit log. */
export async function rejectMember(
  database: Database,
  memberId: number,
  reason: string,
  actor: { userId: number; ip: string },
): Promise<boolean> {
  const updated = await database.db
    .updateTable("users")
    .set({ status: "suspended", updated_at: new Date().toISOString() })
    .where("id", "=", memberId)
    .where("status", "=", "pending")
    .where("email_verified_at", "is not", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await revokeAllSessions(database, memberId);
  await writeAudit(database, {
    actorUserId: actor.userId,
    subjectUserId: memberId,
    action: "membership.rejected",
    details: { status: { from: "pending", to: "suspended" }, reason: reason || "none given" },
    ip: actor.ip,
  });
  return true;
}

export async function approvalsAction(request: Request, clientIp: string) {
  const admin = await requireAdminAuth(request, { admin: true });
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  // The refusals are sentences of the `forms` catalogs, as the reason's own messages are.
  const language = await languageOfRequest(request);
  const translate = formMessages(language);
  const formatError = formatErrorsIn(language);
  const refuse = (message: string, memberId: number | null, reasonError?: string, treeId: number | null = null) =>
    data({ message: translate(message), memberId, reasonError: reasonError ?? null, treeId }, { status: 400 });
  const intent = formData.get("intent");
  if (intent === "approve-tree" || intent === "reject-tree") {
    const treeId = positiveInt(String(formData.get("treeId") ?? ""), 2_147_483_647);
    if (treeId === undefined) return refuse(TREE_NOT_WAITING, null);
    const database = await getDatabase();
    const actor = { userId: admin.id, ip: clientIp };
    if (intent === "approve-tree") {
      const ok = await approveTree(database, treeId, actor);
      return ok ? redirect(`${APPROVALS_PATH}?done=tree-approved`) : refuse(TREE_NOT_WAITING, null, undefined, treeId);
    }
    const submission = parseWithZod(formData, { schema: rejectSchema, formatError });
    if (submission.status !== "success") {
      return refuse("The reason could not be used.", null, submission.error?.reason?.join(" "), treeId);
    }
    const ok = await rejectTree(database, treeId, submission.value.reason, actor);
    return ok ? redirect(`${APPROVALS_PATH}?done=tree-rejected`) : refuse(TREE_NOT_WAITING, null, undefined, treeId);
  }
  if (!approvalRequired()) return refuse(APPROVAL_OFF, null);
  const memberId = positiveInt(String(formData.get("memberId") ?? ""), 2_147_483_647);
  if (memberId === undefined) return refuse(NOT_WAITING, null);
  const database = await getDatabase();
  const actor = { userId: admin.id, ip: clientIp };
  if (intent === "approve") {
    const ok = await approveMember(database, memberId, actor, new URL(request.url).origin);
    return ok ? redirect(`${APPROVALS_PATH}?done=approved`) : refuse(NOT_WAITING, memberId);
  }
  if (intent === "reject") {
    const submission = parseWithZod(formData, { schema: rejectSchema, formatError });
    if (submission.status !== "success") {
      return refuse("The reason could not be used.", memberId, submission.error?.reason?.join(" "));
    }
    const ok = await rejectMember(database, memberId, submission.value.reason, actor);
    return ok ? redirect(`${APPROVALS_PATH}?done=rejected`) : refuse(NOT_WAITING, memberId);
  }
  return refuse("Use the Approve or Reject button.", memberId);
}
