import { afterAll, describe, expect, it } from "vitest";
import { directoryNameRows } from "~/auth/directory-names";
import type { Database } from "~/db/connection.server";
import { type PageForm, openForm, postForm } from "./forms";
import { type Account, type RunningServer, makeAccount, postgresAdminUrl, startServer } from "./server";
import { resume, stopInsideWriteTransaction } from "./write-transactions";

/**
 * Issue 13, point 5: the server is killed (SIGKILL: no shutdown code runs) while sign-ups and profile changes are
 * in flight, several times over. After each restart every account is wholly there — its row with the details the
 * form sent, its directory keys, its "account.created" audit entry — or not there at all; every sign-up that was
 * answered with success is there with its confirmation token; every profile is one whole submission (all fields
 * from the same one, directory keys describing it, one audit entry per change that was committed) and no older
 * than the last change that was answered with success.
 */
const KILLS = 3;
const SIGN_UP_WORKERS = 6;
const MEMBERS = 8;
/** How long the load runs before the server is caught inside a write transaction and killed. */
const LOAD_BEFORE_KILL_MS = [1_200, 2_000, 2_700];

interface SignUp {
  username: string;
  answered: boolean;
}

interface Member extends Account {
  form?: PageForm;
  /** The generation of the last change answered with success, and of the one in flight. */
  acknowledged: number;
  sent: number;
}

const signUpValues = (username: string) => ({
  username,
  email: `${username}@example.org`,
  password: "a long enough passphrase 42",
  confirmPassword: "a long enough passphrase 42",
  givenName: "Anna",
  surname: `Kill${username.replace(/\W/g, "")}`,
  researchSurnames: `Research${username.replace(/\W/g, "")}`,
  researchPlaces: "Rowno",
});

/** One submission of the personal details form: every field says which submission it came from. */
const profileValues = (generation: number) => ({
  givenName: `Given${generation}`,
  surname: `Surname${generation}`,
  addressLine1: `${generation} Long Street`,
  addressLine2: "",
  city: `City${generation}`,
  postalCode: String(10000 + generation),
  country: "",
  region: "",
  phone: "",
  researchSurnames: `Research${generation}, Other${generation}`,
  researchPlaces: `Place${generation}`,
});

async function directoryRows(database: Database, userId: number) {
  const rows = await database.db
    .selectFrom("member_directory_names")
    .select(["kind", "position", "value", "exact_key", "folded"])
    .where("user_id", "=", userId)
    .execute();
  return rows.map((r) => `${r.kind}:${r.position}:${r.value}:${r.exact_key}:${r.folded}`).sort();
}

function expectedRows(source: {
  surname: string;
  given_name: string;
  research_surnames: string;
  research_places: string;
}) {
  return directoryNameRows(source)
    .map((r) => `${r.kind}:${r.position}:${r.value}:${r.exact_key}:${r.folded}`)
    .sort();
}

const kinds: ("sqlite" | "postgres")[] = postgresAdminUrl ? ["sqlite", "postgres"] : ["sqlite"];

const TRUST_PROXY = { TRUST_PROXY: "1" };

describe.each(kinds)("the server killed during sign-ups and profile changes (%s)", (kind) => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.stop());

  it("leaves every account and profile whole or absent, and keeps every write it answered", async () => {
    // Each sign-up comes from its own address (the proxy's header, trusted): the sign-up limit is per address.
    server = await startServer({ kind, env: TRUST_PROXY });
    const { dataDir, databaseName } = server;
    let database = server.openDatabase();
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push({ ...(await makeAccount(database)), acknowledged: 0, sent: 0 });
    await database.close();
    // The catch can tell: a server doing nothing holds no write transaction.
    expect(await stopInsideWriteTransaction(server, 1)).toBe(0);
    resume(server);
    const signUps: SignUp[] = [];
    const killedWhileRunning = { signUps: 0, profiles: 0 };

    for (let round = 0; round < KILLS; round++) {
      const url = server.url;
      let stop = false;
      const signUpForm = await openForm(`${url}/signup/new`);
      const signUpWorker = async (w: number) => {
        for (let n = 0; !stop; n++) {
          const entry: SignUp = { username: `k${round}w${w}n${n}`, answered: false };
          signUps.push(entry);
          try {
            const response = await postForm(`${url}/signup/new`, signUpForm, signUpValues(entry.username), {
              "X-Forwarded-For": `10.${round}.${w}.${n % 250}`,
            });
            if (stop) break;
            expect(response.status, await response.text()).toBe(302);
            expect(response.headers.get("location")).toContain("?sent=");
            entry.answered = true;
          } catch (error) {
            if (!stop) throw error;
            killedWhileRunning.signUps++;
          }
        }
      };
      for (const member of members) {
        // One page (and its sign-in cookies) per round, before the load: the refresh token rotates when it is used.
        member.form = await openForm(`${url}/members/profileEditPersonal`, member.cookie);
        member.cookie = member.form.cookie;
      }
      const profileWorker = async (member: Member) => {
        while (!stop) {
          const generation = member.sent + 1;
          member.sent = generation;
          try {
            const response = await postForm(
              `${url}/members/profileEditPersonal`,
              member.form!,
              profileValues(generation),
            );
            if (stop) break;
            expect(response.status, await response.text()).toBe(302);
            member.acknowledged = generation;
          } catch (error) {
            if (!stop) throw error;
            killedWhileRunning.profiles++;
          }
        }
      };
      const load = Promise.all([
        ...Array.from({ length: SIGN_UP_WORKERS }, (_, w) => signUpWorker(w)),
        ...members.map(profileWorker),
      ]);
      await new Promise((r) => setTimeout(r, LOAD_BEFORE_KILL_MS[round % LOAD_BEFORE_KILL_MS.length]));
      expect(server.exited(), server.output()).toBe(false);
      // Caught inside a write transaction, then killed: the kill lands in the middle of a write, not by chance.
      const open = await stopInsideWriteTransaction(server);
      expect(open, `round ${round}: no write transaction to kill the server in`).toBeGreaterThan(0);
      stop = true;
      await server.kill();
      await load;

      server = await startServer({ kind, dataDir, databaseName, env: TRUST_PROXY });
      database = server.openDatabase();

      for (const entry of signUps) {
        const user = await database.db
          .selectFrom("users")
          .selectAll()
          .where("username", "=", entry.username)
          .executeTakeFirst();
        if (!user) {
          expect(entry.answered, `${entry.username} was answered with success but is not there`).toBe(false);
          continue;
        }
        const values = signUpValues(entry.username);
        expect(user).toMatchObject({
          status: "pending",
          email: values.email,
          given_name: values.givenName,
          surname: values.surname,
          research_surnames: values.researchSurnames,
          research_places: values.researchPlaces,
        });
        expect(await directoryRows(database, Number(user.id)), entry.username).toEqual(expectedRows(user));
        const audit = await database.db
          .selectFrom("audit_log")
          .select("action")
          .where("subject_user_id", "=", Number(user.id))
          .execute();
        expect(audit.map((a) => a.action)).toEqual(["account.created"]);
        if (entry.answered) {
          const token = await database.db
            .selectFrom("email_tokens")
            .select("id")
            .where("user_id", "=", Number(user.id))
            .executeTakeFirst();
          expect(token, `${entry.username}'s confirmation`).toBeDefined();
        }
      }

      for (const member of members) {
        const user = (await database.db
          .selectFrom("users")
          .selectAll()
          .where("id", "=", member.id)
          .executeTakeFirst())!;
        const generation = user.city === "" ? 0 : Number(user.city.replace("City", ""));
        expect(generation).toBeGreaterThanOrEqual(member.acknowledged);
        expect(generation).toBeLessThanOrEqual(member.sent);
        if (generation > 0) {
          const values = profileValues(generation);
          expect(user).toMatchObject({
            given_name: values.givenName,
            surname: values.surname,
            address_line1: values.addressLine1,
            postal_code: values.postalCode,
            research_surnames: values.researchSurnames,
            research_places: values.researchPlaces,
          });
        }
        expect(await directoryRows(database, member.id)).toEqual(expectedRows(user));
        const changes = await database.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("subject_user_id", "=", member.id)
          .where("action", "=", "profile.updated")
          .executeTakeFirstOrThrow();
        expect(Number(changes.n), `member ${member.id}: one audit entry per committed change`).toBe(generation);
        // The next round continues from what is stored.
        member.sent = generation;
        member.acknowledged = generation;
      }
      await database.close();
    }

    // The kills landed among the writes, not between rounds of them.
    expect(signUps.filter((s) => s.answered).length).toBeGreaterThan(0);
    expect(members.every((m) => m.acknowledged > 0)).toBe(true);
    expect(killedWhileRunning.signUps + killedWhileRunning.profiles).toBeGreaterThan(0);
    expect(server.output()).not.toMatch(/"level":50/);
  }, 300_000);
});
