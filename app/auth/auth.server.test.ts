import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFRESH_REUSE_GRACE_MS } from "~/config/timing";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { createSession, revokeAllSessions, rotateSession, sessionUserId } from "./sessions.server";
import { SIGN_IN_FAILED, signIn } from "./sign-in.server";
import { FREE_FAILURES, lockDurationMs } from "./throttle.server";
import { AccountTakenError, createUser, findUserForLogin, membershipState } from "./users.server";

const meta = { ip: "203.0.113.7", userAgent: "test" };
const PASSWORD = "correct horse battery staple";
const INVALID = { ok: false, reason: "invalid" };
const THROTTLED = { ok: false, reason: "throttled" };

for (const dialect of testDialects()) {
  describe(`accounts and sign-in on ${dialect}`, () => {
    let t: TestDatabase;
    let userId: number;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      const user = await createUser(
        t.database,
        { username: "Anna.Radke", email: "Anna@Example.org", password: PASSWORD, status: "active" },
        { actorUserId: null, via: "test" },
      );
      userId = Number(user.id);
    });
    afterAll(async () => {
      await t?.drop();
    });

    it("keeps usernames and e-mails unique without regard to case", async () => {
      await expect(
        createUser(
          t.database,
          { username: "anna.radke", email: "other@example.org", password: PASSWORD },
          { actorUserId: null, via: "test" },
        ),
      ).rejects.toBeInstanceOf(AccountTakenError);
      await expect(
        createUser(
          t.database,
          { username: "someone", email: "ANNA@example.ORG", password: PASSWORD },
          { actorUserId: null, via: "test" },
        ),
      ).rejects.toMatchObject({ field: "email" });
      expect(Number((await findUserForLogin(t.database, "ANNA@EXAMPLE.ORG"))?.id)).toBe(userId);
    });

    it("never writes a password or hash to the audit log", async () => {
      const rows = await t.database.db.selectFrom("audit_log").selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.details).not.toContain(PASSWORD);
        expect(r.details).not.toMatch(/argon2/);
      }
    });

    it("signs in by username or e-mail and refuses anything else with one message", async () => {
      const ok = await signIn(t.database, { login: "anna.radke", password: PASSWORD, ...meta });
      expect(ok.ok).toBe(true);
      const byEmail = await signIn(t.database, { login: "anna@example.org", password: PASSWORD, ...meta });
      expect(byEmail.ok).toBe(true);
      expect(
        await signIn(t.database, { login: "anna.radke", password: "wrong", ip: "198.51.100.1", userAgent: "" }),
      ).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(
        await signIn(t.database, { login: "nobody", password: PASSWORD, ip: "198.51.100.1", userAgent: "" }),
      ).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(SIGN_IN_FAILED).not.toMatch(/password is wrong|no such user/i);
    });

    it("throttles an account after a handful of failures, for a growing while", async () => {
      const now = Date.UTC(2026, 10, 22, 12);
      const attempt = (ip: string, at: number) =>
        signIn(t.database, { login: "throttled@example.org", password: "wrong", ip, userAgent: "" }, at);
      for (let i = 0; i < FREE_FAILURES; i++) expect((await attempt(`192.0.2.${i}`, now)).ok).toBe(false);
      const blocked = await attempt("192.0.2.200", now + 1000);
      expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
      // Over the lock, the next failure locks for twice as long.
      expect(lockDurationMs(FREE_FAILURES + 1)).toBe(2 * lockDurationMs(FREE_FAILURES));
      expect((await attempt("192.0.2.201", now + lockDurationMs(FREE_FAILURES) + 1000)).ok).toBe(false);
      const again = await attempt("192.0.2.202", now + lockDurationMs(FREE_FAILURES) + 2000);
      expect(again).toMatchObject({ reason: "throttled" });
      if (again.ok === false && again.reason === "throttled") {
        expect(again.retryAfterSeconds).toBeGreaterThan(lockDurationMs(FREE_FAILURES) / 1000);
      }
    });

    it("locks the account whatever identifier is typed: the e-mail address, in any case, does not sidestep it", async () => {
      await createUser(
        t.database,
        { username: "relRate", email: "relRate@example.org", password: PASSWORD, status: "active" },
        { actorUserId: null, via: "test" },
      );
      const now = Date.UTC(2026, 10, 23, 12);
      const attempt = (login: string, password: string, i: number, at = now) =>
        signIn(t.database, { login, password, ip: `192.0.2.${60 + i}`, userAgent: "" }, at);
      for (let i = 0; i < FREE_FAILURES; i++) expect(await attempt("relRate", "wrong", i)).toEqual(INVALID);
      expect(await attempt("relRate@example.org", PASSWORD, 10, now + 1000)).toMatchObject(THROTTLED);
      expect(await attempt("RELRATE@EXAMPLE.ORG", PASSWORD, 11, now + 1000)).toMatchObject(THROTTLED);
      expect(await attempt(" RelRate ", PASSWORD, 12, now + 1000)).toMatchObject(THROTTLED);
      // Once the lock is over, the right password through the e-mail address signs in.
      expect((await attempt("relRate@example.org", PASSWORD, 13, now + lockDurationMs(FREE_FAILURES) + 1000)).ok).toBe(
        true,
      );
    });

    it("counts wrong passwords through the username and the e-mail address towards one lock", async () => {
      await createUser(
        t.database,
        { username: "mixed.ways", email: "Mixed.Ways@example.org", password: PASSWORD, status: "active" },
        { actorUserId: null, via: "test" },
      );
      const now = Date.UTC(2026, 10, 23, 13);
      const logins = [
        "mixed.ways@example.org",
        "MIXED.WAYS",
        "Mixed.Ways@Example.org",
        "mixed.ways",
        "MIXED.ways@EXAMPLE.org",
      ];
      expect(logins).toHaveLength(FREE_FAILURES);
      for (const [i, login] of logins.entries()) {
        const result = await signIn(
          t.database,
          { login, password: "wrong", ip: `192.0.2.${80 + i}`, userAgent: "" },
          now,
        );
        expect(result).toEqual(INVALID);
      }
      const right = await signIn(
        t.database,
        { login: "mixed.ways", password: PASSWORD, ip: "192.0.2.99", userAgent: "" },
        now + 1000,
      );
      expect(right).toMatchObject(THROTTLED);
    });

    it("gives a name that matches no account a lock of its own, like an account's", async () => {
      const now = Date.UTC(2026, 10, 23, 14);
      const attempt = (login: string, i: number) =>
        signIn(t.database, { login, password: "wrong", ip: `192.0.2.${100 + i}`, userAgent: "" }, now);
      for (let i = 0; i < FREE_FAILURES; i++) expect(await attempt("no.such.member", i)).toEqual(INVALID);
      expect(await attempt("NO.SUCH.MEMBER", 10)).toMatchObject(THROTTLED);
      // Other unknown names and real accounts are not caught by that lock.
      expect(await attempt("no.such.member@example.org", 11)).toEqual(INVALID);
      const anna = await signIn(
        t.database,
        { login: "anna.radke", password: PASSWORD, ip: "192.0.2.120", userAgent: "" },
        now,
      );
      expect(anna.ok).toBe(true);
    });

    it("refuses a suspended account with the right password, and starts no session for it", async () => {
      const suspended = await createUser(
        t.database,
        { username: "on.hold", email: "on.hold@example.org", password: PASSWORD, status: "suspended" },
        { actorUserId: null, via: "test" },
      );
      const meta2 = { ip: "192.0.2.130", userAgent: "" };
      expect(await signIn(t.database, { login: "ON.HOLD@example.org", password: PASSWORD, ...meta2 })).toEqual({
        ok: false,
        reason: "suspended",
      });
      // A wrong password says nothing about the suspension.
      expect(await signIn(t.database, { login: "on.hold", password: "wrong", ...meta2 })).toEqual(INVALID);
      const sessions = await t.database.db
        .selectFrom("sessions")
        .select("id")
        .where("user_id", "=", Number(suspended.id))
        .execute();
      expect(sessions).toEqual([]);
    });

    it("rotates refresh tokens, forgives a second tab, and revokes the family on reuse", async () => {
      const now = Date.UTC(2026, 10, 22, 13);
      const first = await createSession(t.database, userId, meta, now);
      const rotated = await rotateSession(t.database, first, meta, now + 1000);
      expect(rotated.kind).toBe("rotated");
      // The other tab presents the old token a moment later: still signed in, no new token.
      expect(await rotateSession(t.database, first, meta, now + 2000)).toEqual({ kind: "grace", userId });
      // Long after, the old token again: a thief. The whole family ends, the new token too.
      expect((await rotateSession(t.database, first, meta, now + 1000 + REFRESH_REUSE_GRACE_MS + 1)).kind).toBe(
        "reused",
      );
      if (rotated.kind !== "rotated") throw new Error("expected rotation");
      expect((await rotateSession(t.database, rotated.token, meta, now + REFRESH_REUSE_GRACE_MS + 5000)).kind).toBe(
        "invalid",
      );
      expect(await sessionUserId(t.database, rotated.token, now + REFRESH_REUSE_GRACE_MS + 5000)).toBeNull();
    });

    it("signs out everywhere but the current sign-in", async () => {
      const a = await createSession(t.database, userId, meta);
      const b = await createSession(t.database, userId, meta);
      await revokeAllSessions(t.database, userId, { exceptToken: a });
      expect(await sessionUserId(t.database, a)).toBe(userId);
      expect(await sessionUserId(t.database, b)).toBeNull();
      expect((await rotateSession(t.database, "made-up-token", meta)).kind).toBe("invalid");
    });
  });
}

describe("membership state", () => {
  it("follows status and expiry", () => {
    expect(membershipState({ status: "active", membership_expires_on: null })).toBe("active");
    expect(membershipState({ status: "active", membership_expires_on: "2026-01-01" }, "2026-11-22")).toBe("expired");
    expect(membershipState({ status: "active", membership_expires_on: "2026-11-22" }, "2026-11-22")).toBe("active");
    expect(membershipState({ status: "pending", membership_expires_on: null })).toBe("pending");
    expect(membershipState({ status: "suspended", membership_expires_on: null })).toBe("suspended");
  });
});
