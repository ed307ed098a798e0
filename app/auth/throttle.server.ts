import { LOGIN_LOCK_BASE_MS, LOGIN_LOCK_MAX_MS } from "~/config/timing";
import type { Database } from "~/db/connection.server";

/**
 * Sign-in throttling per client address and per account (issue #3): after
 * a handful of failed attempts further ones are refused for a while that
 * doubles with every failure, up to LOGIN_LOCK_MAX_MS. An address gets more
 * tries than an account, because a society's members often share one
 * address (a library, a club room, a family).
 */
export const FREE_FAILURES = 5;
export const FREE_FAILURES_PER_ADDRESS = 20;

const freeFailures = (key: string) => (key.startsWith("ip:") ? FREE_FAILURES_PER_ADDRESS : FREE_FAILURES);

const iso = (ms: number) => new Date(ms).toISOString();

export function lockDurationMs(failures: number, free = FREE_FAILURES): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_LOCK_BASE_MS * 2 ** (failures - free), LOGIN_LOCK_MAX_MS);
}

/** Seconds until the first of the keys may try again, or 0 when none is locked. */
export async function retryAfterSeconds(database: Database, keys: string[], now = Date.now()): Promise<number> {
  const rows = await database.db
    .selectFrom("login_throttle")
    .select("locked_until")
    .where("key", "in", keys)
    .where("locked_until", ">", iso(now))
    .execute();
  const latest = rows
    .map((r) => Date.parse(r.locked_until ?? ""))
    .filter(Number.isFinite)
    .reduce((a, b) => Math.max(a, b), 0);
  return latest > now ? Math.ceil((latest - now) / 1000) : 0;
}

export async function recordFailure(database: Database, keys: string[], now = Date.now()): Promise<void> {
  for (const key of keys) {
    await database.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("login_throttle").select("failures").where("key", "=", key).executeTakeFirst();
      const failures = (row?.failures ?? 0) + 1;
      const lock = lockDurationMs(failures, freeFailures(key));
      const values = { failures, locked_until: lock ? iso(now + lock) : null, updated_at: iso(now) };
      if (row) await trx.updateTable("login_throttle").set(values).where("key", "=", key).execute();
      else
        await trx
          .insertInto("login_throttle")
          .values({ key, ...values })
          .execute();
    });
  }
}

export async function clearFailures(database: Database, keys: string[]): Promise<void> {
  await database.db.deleteFrom("login_throttle").where("key", "in", keys).execute();
}
