import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitCsrfToken } from "~/auth/csrf.server";
import { sessionUserId } from "~/auth/sessions.server";
import { type User, findUserById } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import type { AccountStatus, Role } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { getContentPage } from "~/members/content-pages.server";
import { approvalsAction, loadApprovalsPage } from "./approvals.server";
import { loadAuditPage } from "./audit.server";
import { SELF_ROLE, SELF_STATUS, loadMemberPage, memberAction } from "./member.server";
import { loadMembersPage } from "./members.server";
import { CONFIRM_DELETE, SLUG_RESERVED, SLUG_TAKEN, editorAction, loadEditPage, loadPagesList } from "./pages.server";
import { outcome } from "~/testing/outcome";
import { getRequest, postRequest, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";

const BASE = "http://metryka.test";
const IP = "203.0.113.7";
const PASSWORD = "correct horse battery staple";

// The loaders' bodies, as far as these tests read them.
interface MembersBody {
  errors: Record<string, string>;
  pendingApprovals: number;
  result: { rows: { username: string; role: string; status: string }[]; total: number; pageCount: number } | null;
}
interface FormBody {
  result: { error?: Record<string, string[] | null> } | null;
  preview?: { html: string } | null;
  confirmError?: string | null;
}

for (const dialect of testDialects()) {
  describe(`admin area on ${dialect}`, () => {
    // Approval must be off before the runtime starts; the tests that need it turn it on.
    beforeAll(() => {
      delete process.env.MEMBERSHIP_APPROVAL;
    });
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "admin" });
    let database: Database;
    let csrf: { token: string; cookie: string };
    let admin: { user: User; cookie: string };

    const account = (
      username: string,
      opts: { status?: AccountStatus; role?: Role; verified?: boolean; givenName?: string; surname?: string } = {},
    ) =>
      signedInAccount(database, username, {
        password: PASSWORD,
        ip: IP,
        status: opts.status ?? "active",
        role: opts.role ?? "member",
        emailVerified: opts.verified ?? true,
        givenName: opts.givenName,
        surname: opts.surname,
      });
    const post = (pathname: string, cookie: string | null, fields: Record<string, string>, withCsrf = true) =>
      postRequest(pathname, cookie, fields, csrf, withCsrf);
    const get = getRequest;
    const members = async (query: string) => {
      const out = await outcome(() => loadMembersPage(get(`/members/admin?${query}`, admin.cookie)));
      return { status: out.status, body: out.body as MembersBody };
    };
    const auditOf = (userId: number) =>
      database.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject_user_id", "=", userId)
        .where("action", "!=", "account.created")
        .orderBy("id")
        .execute();
    const mailsTo = (address: string) => {
      const folder = path.join(runtime.dataDir, "mail");
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .map(
          (f) =>
            JSON.parse(readFileSync(path.join(folder, f), "utf8")) as { to: string; subject: string; text: string },
        )
        .filter((m) => m.to === address);
    };

    beforeAll(async () => {
      database = runtime.database;
      const [token, setCookie] = await commitCsrfToken(new Request(BASE));
      csrf = { token, cookie: (setCookie ?? "").split(";")[0] };
      admin = await account("boss", { role: "admin", givenName: "Bogna", surname: "Zając" });
    });
    afterAll(async () => {
      delete process.env.MEMBERSHIP_APPROVAL;
    });

    it("answers visitors with sign-in and members with 403, on every page and action", async () => {
      const member = await account("plain-member");
      const loaders = [
        () => loadMembersPage(get("/members/admin", member.cookie)),
        () => loadMemberPage(get(`/members/admin/members/${admin.user.id}`, member.cookie), String(admin.user.id)),
        () => loadApprovalsPage(get("/members/admin/approvals", member.cookie)),
        () => loadPagesList(get("/members/admin/pages", member.cookie)),
        () => loadAuditPage(get("/members/admin/audit", member.cookie)),
        () => memberAction(post("/members/admin/members/1", member.cookie, { intent: "signout" }), "1", IP),
        () => approvalsAction(post("/members/admin/approvals", member.cookie, {}), IP),
        () => editorAction(post("/members/admin/pages/new", member.cookie, {}), undefined, IP),
      ];
      for (const load of loaders) expect((await outcome(load)).status).toBe(403);
      const visitor = await outcome(() => loadMembersPage(get("/members/admin?q=x", null)));
      expect(visitor.status).toBe(302);
      expect(visitor.location).toBe(`/Login?redirectTo=${encodeURIComponent("/members/admin?q=x")}`);
    });

    it("lists, searches, filters, sorts and pages the members", async () => {
      await account("anna-k", { givenName: "Anna", surname: "Kowalska" });
      await account("zenon", { givenName: "Zenon", surname: "Abacki", status: "suspended" });
      await account("waiting-w", { status: "pending", verified: false });
      const expired = await account("old-timer");
      await database.db
        .updateTable("users")
        .set({ membership_expires_on: "2001-01-01" })
        .where("id", "=", expired.user.id)
        .execute();

      const all = await members("");
      expect(all.status).toBe(200);
      const names = all.body.result!.rows.map((r) => r.username);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

      expect((await members("q=KOWAL")).body.result!.rows.map((r) => r.username)).toEqual(["anna-k"]);
      expect((await members("q=anna%20kow")).body.result!.rows.map((r) => r.username)).toEqual(["anna-k"]);
      expect((await members("q=%25")).body.result!.total).toBe(0);
      expect((await members("status=suspended")).body.result!.rows.map((r) => r.username)).toEqual(["zenon"]);
      expect((await members("role=admin")).body.result!.rows.map((r) => r.username)).toEqual(["boss"]);
      expect((await members("expiry=expired")).body.result!.rows.map((r) => r.username)).toEqual(["old-timer"]);
      expect((await members("expiry=none&q=old")).body.result!.total).toBe(0);

      const byName = (await members("sort=name")).body.result!.rows.map((r) => r.username);
      expect(byName.indexOf("zenon")).toBeLessThan(byName.indexOf("anna-k")); // Abacki before Kowalska
      const desc = (await members("sort=-username")).body.result!.rows.map((r) => r.username);
      expect(desc).toEqual([...names].reverse());

      const last = await members("perPage=25&page=999");
      expect(last.status).toBe(200);
      expect(last.body.result!.rows.length).toBeGreaterThan(0);

      const bad = await members("sort=password&perPage=10&status=gone");
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(["perPage", "sort", "status"]);
      expect(bad.body.result).toBeNull();
    });

    it("changes role, status and expiry, audits it, and signs a suspended account out", async () => {
      const m = await account("to-change");
      const pathname = `/members/admin/members/${m.user.id}`;
      const saved = await outcome(() =>
        memberAction(
          post(pathname, admin.cookie, { intent: "update", role: "admin", status: "suspended", expires: "2031-03-01" }),
          String(m.user.id),
          IP,
        ),
      );
      expect(saved.status).toBe(302);
      expect(saved.location).toBe(`${pathname}?done=updated`);
      const after = (await findUserById(database, m.user.id))!;
      expect([after.role, after.status, after.membership_expires_on]).toEqual(["admin", "suspended", "2031-03-01"]);
      expect(await sessionUserId(database, m.token)).toBeNull();
      const audit = await auditOf(m.user.id);
      expect(audit.map((a) => a.action)).toEqual(["account.updated", "sessions.revoked"]);
      expect(audit[0].actor_user_id).toBe(admin.user.id);
      expect(audit[0].ip).toBe(IP);
      expect(JSON.parse(audit[0].details)).toEqual({
        role: { from: "member", to: "admin" },
        status: { from: "active", to: "suspended" },
        expires: { from: null, to: "2031-03-01" },
      });

      // Empty expiry = none; the same values again change nothing and write nothing.
      await memberAction(
        post(pathname, admin.cookie, { intent: "update", role: "member", status: "active", expires: "" }),
        String(m.user.id),
        IP,
      );
      expect((await findUserById(database, m.user.id))!.membership_expires_on).toBeNull();
      const unchanged = await outcome(() =>
        memberAction(
          post(pathname, admin.cookie, { intent: "update", role: "member", status: "active", expires: "" }),
          String(m.user.id),
          IP,
        ),
      );
      expect(unchanged.location).toBe(`${pathname}?done=unchanged`);
      expect((await auditOf(m.user.id)).length).toBe(3);

      const page = await outcome(() => loadMemberPage(get(pathname, admin.cookie), String(m.user.id)));
      const trail = (page.body as { trail: { rows: { action: string; details: string }[] } }).trail.rows;
      expect(trail[0].action).toBe("account.updated");
      expect(trail.at(-1)!.action).toBe("account.created");
      expect(trail.map((r) => r.details)).toContain(
        "role: member → admin; status: active → suspended; expires: none → 2031-03-01",
      );

      const invalid = await outcome(() =>
        memberAction(
          post(pathname, admin.cookie, { intent: "update", role: "owner", status: "active", expires: "2031-02-30" }),
          String(m.user.id),
          IP,
        ),
      );
      expect(invalid.status).toBe(400);
      expect(Object.keys((invalid.body as FormBody).result!.error!).sort()).toEqual(["expires", "role"]);
    });

    it("refuses to let an administrator lock themselves out", async () => {
      const id = String(admin.user.id);
      const pathname = `/members/admin/members/${id}`;
      const refused = await outcome(() =>
        memberAction(
          post(pathname, admin.cookie, { intent: "update", role: "member", status: "suspended", expires: "" }),
          id,
          IP,
        ),
      );
      expect(refused.status).toBe(400);
      const errors = (refused.body as FormBody).result!.error!;
      expect(errors.role).toEqual([SELF_ROLE]);
      expect(errors.status).toEqual([SELF_STATUS]);
      const me = (await findUserById(database, admin.user.id))!;
      expect([me.role, me.status]).toEqual(["admin", "active"]);
    });

    it("answers 404 for malformed and unknown ids, 403 without CSRF", async () => {
      for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
        expect(
          (await outcome(() => loadMemberPage(get(`/members/admin/members/${id}`, admin.cookie), id))).status,
        ).toBe(404);
      }
      expect(
        (await outcome(() => loadMemberPage(get("/members/admin/members/987654", admin.cookie), "987654"))).status,
      ).toBe(404);
      const m = await account("csrf-target");
      const id = String(m.user.id);
      const noCsrf = await outcome(() =>
        memberAction(post(`/members/admin/members/${id}`, admin.cookie, { intent: "signout" }, false), id, IP),
      );
      expect(noCsrf.status).toBe(403);
      expect(await sessionUserId(database, m.token)).toBe(m.user.id);
    });

    it("signs a member out everywhere and resends the confirmation e-mail", async () => {
      const m = await account("unconfirmed", { verified: false });
      const id = String(m.user.id);
      const pathname = `/members/admin/members/${id}`;
      const out = await outcome(() => memberAction(post(pathname, admin.cookie, { intent: "signout" }), id, IP));
      expect(out.location).toBe(`${pathname}?done=signed-out`);
      expect(await sessionUserId(database, m.token)).toBeNull();

      const resent = await outcome(() => memberAction(post(pathname, admin.cookie, { intent: "resend" }), id, IP));
      expect(resent.location).toBe(`${pathname}?done=resent`);
      expect(mailsTo("unconfirmed@example.org").map((m) => m.subject)).toEqual([
        "Confirm your e-mail address for Metryka",
      ]);
      expect((await auditOf(m.user.id)).map((a) => a.action)).toEqual(["sessions.revoked", "verification.resent"]);

      const verified = await account("confirmed-c");
      const again = await outcome(() =>
        memberAction(
          post(`/members/admin/members/${verified.user.id}`, admin.cookie, { intent: "resend" }),
          String(verified.user.id),
          IP,
        ),
      );
      expect(again.status).toBe(400);
    });

    it("approves and rejects sign-ups when approval is on, and only lists them when it is off", async () => {
      const first = await account("queue-one", { status: "pending" });
      const second = await account("queue-two", { status: "pending" });
      const unconfirmed = await account("queue-unconfirmed", { status: "pending", verified: false });

      const off = (await outcome(() => loadApprovalsPage(get("/members/admin/approvals", admin.cookie)))).body as {
        approval: boolean;
        accounts: { username: string }[];
      };
      expect(off.approval).toBe(false);
      expect(off.accounts.map((a) => a.username)).toContain("queue-unconfirmed");
      expect(off.accounts.map((a) => a.username)).not.toContain("queue-one");
      const refused = await outcome(() =>
        approvalsAction(
          post("/members/admin/approvals", admin.cookie, { intent: "approve", memberId: String(first.user.id) }),
          IP,
        ),
      );
      expect(refused.status).toBe(400);
      expect((await findUserById(database, first.user.id))!.status).toBe("pending");

      process.env.MEMBERSHIP_APPROVAL = "admin";
      try {
        const on = (await outcome(() => loadApprovalsPage(get("/members/admin/approvals", admin.cookie)))).body as {
          accounts: { username: string }[];
        };
        expect(on.accounts.map((a) => a.username)).toEqual(["queue-one", "queue-two"]);
        expect((await members("")).body.pendingApprovals).toBe(2);

        const approved = await outcome(() =>
          approvalsAction(
            post("/members/admin/approvals", admin.cookie, { intent: "approve", memberId: String(first.user.id) }),
            IP,
          ),
        );
        expect(approved.location).toBe("/members/admin/approvals?done=approved");
        expect((await findUserById(database, first.user.id))!.status).toBe("active");
        expect(mailsTo("queue-one@example.org").map((m) => m.subject)).toEqual([
          "Welcome to Metryka: your membership is approved",
        ]);
        expect((await auditOf(first.user.id)).map((a) => [a.action, a.actor_user_id])).toEqual([
          ["membership.approved", admin.user.id],
        ]);

        // The welcome is written in the member's own language (the profile's), whatever the administrator's.
        for (const [language, greeting] of [
          ["de", /^Guten Tag queue-de,\n\nder Verein hat Ihre Mitgliedschaft freigegeben\./],
          ["pl", /^Dzień dobry, queue-pl,\n\ntowarzystwo zatwierdziło Twoje członkostwo\./],
        ] as const) {
          const waiting = await account(`queue-${language}`, { status: "pending" });
          await database.db.updateTable("users").set({ language }).where("id", "=", waiting.user.id).execute();
          await approvalsAction(
            post("/members/admin/approvals", admin.cookie, { intent: "approve", memberId: String(waiting.user.id) }),
            IP,
          ).catch((response: unknown) => response);
          const [welcome] = mailsTo(`queue-${language}@example.org`);
          expect(welcome?.subject).toBe(
            language === "de"
              ? "Willkommen bei Metryka: Ihre Mitgliedschaft ist freigegeben"
              : "Witamy w serwisie Metryka: Twoje członkostwo zostało zatwierdzone",
          );
          expect(welcome?.text).toMatch(greeting);
          expect(welcome?.text).toContain("/Login");
        }

        const rejected = await outcome(() =>
          approvalsAction(
            post("/members/admin/approvals", admin.cookie, {
              intent: "reject",
              memberId: String(second.user.id),
              reason: "Not a genealogist",
            }),
            IP,
          ),
        );
        expect(rejected.location).toBe("/members/admin/approvals?done=rejected");
        expect((await findUserById(database, second.user.id))!.status).toBe("suspended");
        const audit = await auditOf(second.user.id);
        expect(audit.map((a) => a.action)).toEqual(["membership.rejected"]);
        expect(JSON.parse(audit[0].details).reason).toBe("Not a genealogist");

        // Not (or no longer) in the queue: nothing happens.
        for (const target of [first, unconfirmed]) {
          const again = await outcome(() =>
            approvalsAction(
              post("/members/admin/approvals", admin.cookie, { intent: "approve", memberId: String(target.user.id) }),
              IP,
            ),
          );
          expect(again.status).toBe(400);
        }
        expect((await findUserById(database, unconfirmed.user.id))!.status).toBe("pending");
        const longReason = await outcome(() =>
          approvalsAction(
            post("/members/admin/approvals", admin.cookie, {
              intent: "reject",
              memberId: String(unconfirmed.user.id),
              reason: "x".repeat(600),
            }),
            IP,
          ),
        );
        expect(longReason.status).toBe(400);
      } finally {
        delete process.env.MEMBERSHIP_APPROVAL;
      }
    });

    it("previews, saves, renames and deletes content pages", async () => {
      const page = {
        title: "Volhynia parishes",
        slug: "guides/volhynia",
        body: "# Hello\n\nSome **bold** text.\n\n<script>x</script>",
      };
      const preview = await outcome(() =>
        editorAction(post("/members/admin/pages/new", admin.cookie, { ...page, intent: "preview" }), undefined, IP),
      );
      expect(preview.status).toBe(200);
      const html = (preview.body as FormBody).preview!.html;
      expect(html).toContain("<strong>bold</strong>");
      expect(html).not.toContain("<script>");
      expect(await getContentPage(database, page.slug, { includeDrafts: true })).toBeUndefined();

      const saved = await outcome(() =>
        editorAction(
          post("/members/admin/pages/new", admin.cookie, { ...page, intent: "save", published: "on" }),
          undefined,
          IP,
        ),
      );
      expect(saved.location).toBe(`/members/admin/pages?saved=${encodeURIComponent(page.slug)}`);
      expect(await getContentPage(database, page.slug)).toMatchObject({ title: page.title, published: true });

      const taken = await outcome(() =>
        editorAction(post("/members/admin/pages/new", admin.cookie, { ...page, intent: "save" }), undefined, IP),
      );
      expect(taken.status).toBe(400);
      expect((taken.body as FormBody).result!.error!.slug).toEqual([SLUG_TAKEN]);
      for (const slug of ["admin", "admin/x", "profile", "new"]) {
        const reserved = await outcome(() =>
          editorAction(
            post("/members/admin/pages/new", admin.cookie, { ...page, slug, intent: "save" }),
            undefined,
            IP,
          ),
        );
        expect((reserved.body as FormBody).result!.error!.slug).toEqual([SLUG_RESERVED]);
      }
      const badSlug = await outcome(() =>
        editorAction(
          post("/members/admin/pages/new", admin.cookie, { ...page, slug: "Bad Slug", title: "" }),
          undefined,
          IP,
        ),
      );
      expect(badSlug.status).toBe(400);
      expect(Object.keys((badSlug.body as FormBody).result!.error!).sort()).toEqual(["slug", "title"]);

      const edit = `/members/admin/pages/${page.slug}`;
      expect((await outcome(() => loadEditPage(get(edit, admin.cookie), page.slug))).status).toBe(200);
      expect((await outcome(() => loadEditPage(get("/members/admin/pages/nope", admin.cookie), "nope"))).status).toBe(
        404,
      );
      expect((await outcome(() => loadEditPage(get("/members/admin/pages/A", admin.cookie), "A"))).status).toBe(404);

      // Saving under a new address moves the page (unpublished now).
      const moved = await outcome(() =>
        editorAction(
          post(edit, admin.cookie, { ...page, slug: "guides/volhynia-parishes", intent: "save" }),
          page.slug,
          IP,
        ),
      );
      expect(moved.status).toBe(302);
      expect(await getContentPage(database, page.slug, { includeDrafts: true })).toBeUndefined();
      expect(await getContentPage(database, "guides/volhynia-parishes", { includeDrafts: true })).toMatchObject({
        published: false,
      });

      const movedEdit = "/members/admin/pages/guides/volhynia-parishes";
      const unconfirmed = await outcome(() =>
        editorAction(post(movedEdit, admin.cookie, { intent: "delete" }), "guides/volhynia-parishes", IP),
      );
      expect(unconfirmed.status).toBe(400);
      expect((unconfirmed.body as FormBody).confirmError).toBe(CONFIRM_DELETE);
      expect(await getContentPage(database, "guides/volhynia-parishes", { includeDrafts: true })).toBeDefined();
      const deleted = await outcome(() =>
        editorAction(
          post(movedEdit, admin.cookie, { intent: "delete", confirm: "yes" }),
          "guides/volhynia-parishes",
          IP,
        ),
      );
      expect(deleted.status).toBe(302);
      expect(await getContentPage(database, "guides/volhynia-parishes", { includeDrafts: true })).toBeUndefined();
      const actions = await database.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "like", "content-page.%")
        .orderBy("id")
        .execute();
      expect(actions.map((a) => a.action)).toEqual([
        "content-page.saved",
        "content-page.saved",
        "content-page.deleted",
        "content-page.deleted",
      ]);
    });

    it("searches the audit log by action, user and dates", async () => {
      const read = async (query: string) => {
        const out = await outcome(() => loadAuditPage(get(`/members/admin/audit?${query}`, admin.cookie)));
        return {
          status: out.status,
          body: out.body as {
            errors: Record<string, string>;
            result: { rows: { action: string; at: string; details: string }[]; total: number } | null;
          },
        };
      };
      const all = await read("");
      expect(all.status).toBe(200);
      const ats = all.body.result!.rows.map((r) => r.at);
      expect(ats).toEqual([...ats].sort().reverse());

      const approved = await read("action=APPROVED");
      // The approvals of the queue (one in English, the welcomes in German and Polish), and nothing else.
      expect(approved.body.result!.rows.map((r) => r.action)).toEqual(Array(3).fill("membership.approved"));
      const byUser = await read("user=queue-two");
      expect(byUser.body.result!.rows.map((r) => r.action)).toContain("membership.rejected");
      const today = new Date().toISOString().slice(0, 10);
      expect((await read(`from=${today}&to=${today}`)).body.result!.total).toBe(all.body.result!.total);
      expect((await read("to=2000-01-01")).body.result!.total).toBe(0);

      const bad = await read("from=2025-13-01&to=yesterday&page=0");
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(["from", "page", "to"]);
      expect((await read("from=2025-02-01&to=2025-01-01")).body.errors.to).toBeDefined();
    });
  });
}
