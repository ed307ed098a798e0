import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { ACCESS_TOKEN_TTL_MS } from "~/config/timing";
import type { Role } from "~/db/schema";

/**
 * Access tokens: short-lived HS256 JWTs signed with a key derived from
 * SESSION_SECRET (never the secret itself, so other uses of the secret
 * cannot forge tokens). Refresh tokens: random, opaque, stored hashed.
 */
const ISSUER = "metryka";
const AUDIENCE = "metryka-api";
const ACCESS_TOKEN_TTL_SECONDS = Math.floor(ACCESS_TOKEN_TTL_MS / 1000);

export interface AccessClaims {
  userId: number;
  username: string;
  role: Role;
}

function signingKey(secret: string): Uint8Array {
  return createHash("sha256").update(`metryka access-token key\u0000${secret}`).digest();
}

export async function issueAccessToken(claims: AccessClaims, secret: string, now = Date.now()): Promise<string> {
  return new SignJWT({ username: claims.username, role: claims.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + ACCESS_TOKEN_TTL_MS) / 1000))
    .sign(signingKey(secret));
}

/** The claims of a valid token, or null for a tampered, expired, foreign or malformed one. */
export async function verifyAccessToken(token: string, secret: string, now = Date.now()): Promise<AccessClaims | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      typ: "JWT",
      currentDate: new Date(now),
      // jose accepts a token without exp as never expiring; ours always carry both times.
      requiredClaims: ["exp", "iat", "sub"],
      // Also refuses an iat in the future.
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
    });
    // A token that claims a longer life than we ever issue was not issued by us, whoever holds the key.
    if (payload.exp! - payload.iat! > ACCESS_TOKEN_TTL_SECONDS) return null;
    const userId = Number(payload.sub);
    const role = payload.role;
    if (!Number.isInteger(userId) || typeof payload.username !== "string" || (role !== "member" && role !== "admin")) {
      return null;
    }
    return { userId, username: payload.username, role };
  } catch {
    return null;
  }
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
