import { expect } from "vitest";
import { type PageForm, openForm, postForm } from "./forms";
import type { Account, RunningServer } from "./server";

/**
 * What the storage-fault tests (a full disk, a read-only data folder) do alike: the forms opened while writes
 * still work, the writes tried once they fail, and the checks that the fault was reported and is over.
 */

export interface WriteForms {
  signUp: PageForm;
  signIn: PageForm;
}

/** The sign-up and sign-in forms, opened (and their CSRF tokens taken) before the fault. */
export async function openWriteForms(server: RunningServer): Promise<WriteForms> {
  return { signUp: await openForm(`${server.url}/signup/new`), signIn: await openForm(`${server.url}/Login`) };
}

/** Three sign-ups of new members (`prefix0`…) and three sign-ins of `account`, each a write. */
export async function tryWrites(
  server: RunningServer,
  forms: WriteForms,
  account: Account,
  prefix: string,
): Promise<Response[]> {
  const attempts: Response[] = [];
  for (let i = 0; i < 3; i++) {
    attempts.push(
      await postForm(`${server.url}/signup/new`, forms.signUp, {
        username: `${prefix}${i}`,
        email: `${prefix}${i}@example.org`,
        password: "a long enough passphrase 42",
        confirmPassword: "a long enough passphrase 42",
        givenName: "Anna",
        surname: "Nowak",
      }),
    );
    attempts.push(
      await postForm(`${server.url}/Login`, forms.signIn, { login: account.username, password: account.password }),
    );
  }
  return attempts;
}

/** /healthz says which storage fault it is, and the log holds one alert and no other error. */
export async function expectStorageFaultReported(server: RunningServer, storage: "full" | "read-only"): Promise<void> {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(503);
  expect(await health.json()).toEqual({ status: "unavailable", database: "sqlite", reachable: true, storage });
  expect(server.output().match(/ALERT: writes fail/g)).toHaveLength(1);
  expect(server.output()).not.toMatch(/"level":50(?![^\n]*ALERT)/);
}

/** Once the fault is over: /healthz is well again and a member signs in, with no restart. */
export async function expectRecovered(server: RunningServer, account: Account): Promise<void> {
  const healthy = await fetch(`${server.url}/healthz`);
  expect(healthy.status).toBe(200);
  expect(await healthy.json()).toEqual({ status: "ok", database: "sqlite", reachable: true, storage: "ok" });
  await expectSignsIn(server, account);
}

/** A member signs in (a write: a new session) on a server that is still running. */
export async function expectSignsIn(server: RunningServer, account: Account): Promise<void> {
  const again = await openForm(`${server.url}/Login`);
  const signedIn = await postForm(`${server.url}/Login`, again, {
    login: account.username,
    password: account.password,
  });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("Set-Cookie")).toContain("metryka_refresh=");
  expect(server.exited()).toBe(false);
}
