import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_MS } from "~/config/timing";
import { hashToken, issueAccessToken, newOpaqueToken, verifyAccessToken } from "./tokens.server";

const SECRET = "test-secret-that-is-long-enough-0123456789";
// The product's key derivation, restated so a forged token can be signed with the real key.
const signingKeyForTest = (secret: string) =>
  createHash("sha256").update(`metryka access-token key\u0000${secret}`).digest();
const claims = { userId: 7, username: "anna", role: "member" as const };

describe("access tokens", () => {
  it("round-trip their claims", async () => {
    const token = await issueAccessToken(claims, SECRET);
    expect(await verifyAccessToken(token, SECRET)).toEqual(claims);
  });

  it("expire after ten minutes", async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const token = await issueAccessToken(claims, SECRET, now);
    expect(await verifyAccessToken(token, SECRET, now + ACCESS_TOKEN_TTL_MS - 1000)).toEqual(claims);
    expect(await verifyAccessToken(token, SECRET, now + ACCESS_TOKEN_TTL_MS + 1000)).toBeNull();
  });

  it("refuse tampering, other keys and garbage", async () => {
    const token = await issueAccessToken(claims, SECRET);
    const [h, p, s] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), role: "admin" }),
    ).toString("base64url");
    expect(await verifyAccessToken(`${h}.${forged}.${s}`, SECRET)).toBeNull();
    expect(await verifyAccessToken(token, "another-secret-entirely-0123456789")).toBeNull();
    expect(await verifyAccessToken("not.a.jwt", SECRET)).toBeNull();
    expect(await verifyAccessToken("x".repeat(10_000), SECRET)).toBeNull();
    // Signed with the raw secret instead of the derived key: a foreign key.
    const foreign = await new SignJWT({ username: "anna", role: "admin" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("7")
      .setIssuer("metryka")
      .setAudience("metryka-api")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(foreign, SECRET)).toBeNull();
  });

  it("refuse a token signed with the real key that lacks an expiry or issue time, or names another algorithm", async () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const key = signingKeyForTest(SECRET);
    const base = () =>
      new SignJWT({ username: "anna", role: "member" }).setSubject("7").setIssuer("metryka").setAudience("metryka-api");
    const iat = Math.floor(now / 1000);
    const exp = iat + 300;
    // The control: the same claims with both times verify, so each refusal below is for the missing part.
    const complete = await base()
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
    expect(await verifyAccessToken(complete, SECRET, now)).toEqual(claims);

    const noExp = await base().setProtectedHeader({ alg: "HS256", typ: "JWT" }).setIssuedAt(iat).sign(key);
    expect(await verifyAccessToken(noExp, SECRET, now)).toBeNull();
    const noIat = await base().setProtectedHeader({ alg: "HS256", typ: "JWT" }).setExpirationTime(exp).sign(key);
    expect(await verifyAccessToken(noIat, SECRET, now)).toBeNull();
    // Issued in the future, or valid for far longer than the product ever issues: not ours.
    const future = await base()
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(iat + 3600)
      .setExpirationTime(exp + 3600)
      .sign(key);
    expect(await verifyAccessToken(future, SECRET, now)).toBeNull();
    const longLived = await base()
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(iat)
      .setExpirationTime(iat + 365 * 24 * 3600)
      .sign(key);
    expect(await verifyAccessToken(longLived, SECRET, now)).toBeNull();
    const hs512 = await base()
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
    expect(await verifyAccessToken(hs512, SECRET, now)).toBeNull();
    const [, payload] = complete.split(".");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    expect(await verifyAccessToken(unsigned, SECRET, now)).toBeNull();
  });

  it("opaque tokens are random and stored only as hashes", () => {
    const a = newOpaqueToken();
    expect(a).not.toBe(newOpaqueToken());
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });
});
