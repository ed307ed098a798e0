import { parseWithZod } from "@conform-to/zod/v4";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/languages";
import { data, redirect } from "@remix-run/node";
import { writeAudit } from "~/auth/audit.server";
import { validateCsrf } from "~/auth/csrf.server";
import { requireAdminAuth } from "~/auth/guard.server";
import { revokeAllSessions } from "~/auth/sessions.server";
import { sendVerification } from "~/auth/signup.server";
import { type User, findUserById, membershipState } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import { readForm } from "~/routing/form-data.server";
import { adminMemberPath } from "~/routing/paths";
import { invalidRouteParams, invariantResponse, notFoundMessage } from "~/routing/responses";
import { getDatabase } from "~/db/current.server";
import { type AuditRow, auditPage } from "./audit.server";
import { type MemberUpdate, memberUpdateSchema } from "./forms";
import { isoDay, positiveInt } from "./members-query";
import { languageOfRequest } from "~/auth/language.server";
import { formMessages, translator } from "~/i18n/i18next.server";
import { formatErrorsIn } from "./form-messages.server";

/**
 * /members/admin/members/:id — one account as an administrator sees it: its
 * data, the form for role, status and expiry, resending the confirmation
 * e-mail, signing it out everywhere, and its audit trail. Every change is
 * audited with the acting administrator.
 */

export const TRAIL_PER_PAGE = 20;

export const NOTICES = {
  updated: "The account is saved.",
  unchanged: "Nothing was changed.",
  resent: "A new confirmation e-mail is on its way.",
  "signed-out": "Every sign-in of this account has been ended.",
} as const;
export type MemberNotice = keyof typeof NOTICES;
const isNotice = (v: string | null): v is MemberNotice => v !== null && v in NOTICES;

export const SELF_ROLE = "You cannot remove your own administrator role; ask another administrator.";
export const SELF_STATUS = "You cannot suspend yourself or put your own account back to pending.";
export const SELF_EXPIRY = "You cannot end your own membership; another administrator can.";

/** The account the URL names, or a 404: a malformed id and an unknown one look alike to the visitor. */
async function memberFromParams(database: Database, request: Request, idParam: string | undefined): Promise<User> {
  const { pathname } = new URL(request.url);
  const id = positiveInt(idParam ?? "", 2_147_483_647);
  if (id === undefined) throw invalidRouteParams(pathname);
  const member = await findUserById(database, id);
  invariantResponse(member, () => notFoundMessage(pathname));
  return member;
}

export async function loadMemberPage(request: Request, idParam: string | undefined) {
  const admin = await requireAdminAuth(request, { admin: true });
  const database = await getDatabase();
  const member = await memberFromParams(database, request, idParam);
  const url = new URL(request.url);
  const trailPage = positiveInt(url.searchParams.get("trailPage") ?? "") ?? 1;
  const trail = await auditPage(database, { subjectUserId: member.id }, trailPage, TRAIL_PER_PAGE);
  const notice = url.searchParams.get("done");
  const t = translator(await languageOfRequest(request), "admin");
  return {
    member: describeMember(member),
    isSelf: member.id === admin.id,
    trail,
    notice: isNotice(notice) ? t(`member.notice.${notice}`) : null,
    meta: { title: t("meta.member.title", { username: member.username }), description: t("meta.member.description") },
  };
}

function describeMember(member: User) {
  return {
    id: member.id,
    username: member.username,
    email: member.email,
    emailVerifiedAt: member.email_verified_at,
    name: [member.given_name, member.surname].filter(Boolean).join(" "),
    role: member.role,
    status: member.status,
    membership: membershipState(member),
    expiresOn: member.membership_expires_on,
    city: member.city,
    countryCode: member.country_code,
    researchSurnames: member.research_surnames,
    joined: member.created_at,
    updated: member.updated_at,
  };
}

/**
 * Parses the role/status/expiry form and refuses what would lock the acting
 * administrator out (their own role, status or a past expiry). Never throws.
 */
export function parseMemberUpdate(
  formData: FormData,
  opts: { isSelf: boolean; today: string; formatError?: (issues: readonly { message: string }[]) => string[] },
) {
  return parseWithZod(formData, {
    formatError: opts.formatError ?? ((issues) => issues.map((issue) => issue.message)),
    schema: memberUpdateSchema.superRefine((v, ctx) => {
      if (!opts.isSelf) return;
      if (v.role !== "admin") ctx.addIssue({ code: "custom", path: ["role"], message: SELF_ROLE });
      if (v.status !== "active") ctx.addIssue({ code: "custom", path: ["status"], message: SELF_STATUS });
      if (v.expires !== null && v.expires < opts.today) {
        ctx.addIssue({ code: "custom", path: ["expires"], message: SELF_EXPIRY });
      }
    }),
  });
}

type Change = { from: string | null; to: string | null };

/**
 * Saves role, status and expiry, audits what changed (old and new values),
 * and ends every sign-in of an account that is suspended. Returns the changes;
 * nothing is written when nothing changed.
 */
export async function updateMember(
  database: Database,
  member: User,
  next: MemberUpdate,
  actor: { userId: number; ip: string },
  now = Date.now(),
): Promise<Record<string, Change>> {
  const changes: Record<string, Change> = {};
  if (next.role !== member.role) changes.role = { from: member.role, to: next.role };
  if (next.status !== member.status) changes.status = { from: member.status, to: next.status };
  if (next.expires !== member.membership_expires_on) {
    changes.expires = { from: member.membership_expires_on, to: next.expires };
  }
  if (Object.keys(changes).length === 0) return changes;
  const suspended = changes.status?.to === "suspended";
  await database.db.transaction().execute(async (trx) => {
    const tx = { ...database, db: trx };
    await trx
      .updateTable("users")
      .set({
        role: next.role,
        status: next.status,
        membership_expires_on: next.expires,
        updated_at: new Date(now).toISOString(),
      })
      .where("id", "=", member.id)
      .execute();
    await writeAudit(
      tx,
      {
        actorUserId: actor.userId,
        subjectUserId: member.id,
        action: "account.updated",
        details: changes,
        ip: actor.ip,
      },
      now,
    );
    if (suspended) {
      // A suspended account's open sign-ins would keep refreshing access tokens until they expire.
      await revokeAllSessions(tx, member.id, { now });
      await writeAudit(
        tx,
        {
          actorUserId: actor.userId,
          subjectUserId: member.id,
          action: "sessions.revoked",
          details: { reason: "suspended by an administrator" },
          ip: actor.ip,
        },
        now,
      );
    }
  });
  return changes;
}

export async function signOutEverywhere(database: Database, memberId: number, actor: { userId: number; ip: string }) {
  await database.db.transaction().execute(async (trx) => {
    const tx = { ...database, db: trx };
    await revokeAllSessions(tx, memberId);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      subjectUserId: memberId,
      action: "sessions.revoked",
      details: { reason: "signed out everywhere by an administrator" },
      ip: actor.ip,
    });
  });
}

export const ALREADY_VERIFIED = "This e-mail address is already confirmed; there is nothing to resend.";

export async function memberAction(request: Request, idParam: string | undefined, clientIp: string) {
  const admin = await requireAdminAuth(request, { admin: true });
  const database = await getDatabase();
  const member = await memberFromParams(database, request, idParam);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const actor = { userId: admin.id, ip: clientIp };
  const intent = formData.get("intent");
  const back = adminMemberPath(member.id);
  const language = await languageOfRequest(request);
  const translate = formMessages(language);

  if (intent === "resend") {
    if (member.email_verified_at !== null) {
      return data({ intent: "resend" as const, message: translate(ALREADY_VERIFIED), result: null }, { status: 400 });
    }
    // The e-mail goes to the member: in their language, not the administrator's.
    const language = isLanguage(member.language) ? member.language : DEFAULT_LANGUAGE;
    await sendVerification(request, member.id, member.email, member.username, language);
    await writeAudit(database, {
      actorUserId: admin.id,
      subjectUserId: member.id,
      action: "verification.resent",
      details: { to: member.email },
      ip: clientIp,
    });
    return redirect(`${back}?done=resent`);
  }
  if (intent === "signout") {
    await signOutEverywhere(database, member.id, actor);
    return redirect(`${back}?done=signed-out`);
  }
  if (intent !== "update") {
    return data(
      { intent: "unknown" as const, message: translate("Use one of this page's buttons."), result: null },
      { status: 400 },
    );
  }
  const submission = parseMemberUpdate(formData, {
    isSelf: member.id === admin.id,
    today: isoDay(Date.now()),
    formatError: formatErrorsIn(language),
  });
  if (submission.status !== "success") {
    return data({ intent: "update" as const, message: null, result: submission.reply() }, { status: 400 });
  }
  const changes = await updateMember(database, member, submission.value, actor);
  return redirect(`${back}?done=${Object.keys(changes).length ? "updated" : "unchanged"}`);
}

export type { AuditRow };
