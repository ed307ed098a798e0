import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_MS } from "~/config/timing";
import { hashToken, issueAccessToken, newOpaqueToken, verifyAccessToken } from "./tokens.server";

const SECRET = "test-secret-that-is-long-enough-0123456789";
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
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("7")
      .setIssuer("metryka")
      .setAudience("metryka-api")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(foreign, SECRET)).toBeNull();
  });

  it("opaque tokens are random and stored only as hashes", () => {
    const a = newOpaqueToken();
    expect(a).not.toBe(newOpaqueToken());
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
  });
});
