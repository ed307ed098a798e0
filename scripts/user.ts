/**
 * npm run user -- create --username U --email E [--role member|admin]   (password from stdin, or generated)
 * npm run user -- set-password U                                        (password from stdin, or generated)
 * npm run user -- list
 *
 * Works on the configured database (DATABASE_URL, else the data folder's SQLite file).
 */
import { randomBytes } from "node:crypto";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../app/auth/password-rules";
import { revokeAllSessions } from "../app/auth/sessions.server";
import {
  AccountTakenError,
  USERNAME_PATTERN,
  createUser,
  findUserForLogin,
  listUsers,
  setPassword,
} from "../app/auth/users.server";
import { readConfig } from "../app/config/env.server";
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrations.server";
import { parseArgs } from "./args";

const USAGE = `usage:
  npm run user -- create --username NAME --email ADDRESS [--role member|admin]
  npm run user -- set-password NAME
  npm run user -- list
The password is read from standard input when it is piped; otherwise one is generated and printed once.`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function readPassword(): Promise<{ password: string; generated: boolean }> {
  if (process.stdin.isTTY) return { password: randomBytes(15).toString("base64url"), generated: true };
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  const password = text.replace(/\r?\n$/, "");
  if (!password) return { password: randomBytes(15).toString("base64url"), generated: true };
  if (password.length < MIN_PASSWORD_LENGTH) fail(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) fail(`The password may have at most ${MAX_PASSWORD_LENGTH} characters.`);
  return { password, generated: false };
}

const [command, ...rest] = process.argv.slice(2);
const args = parseArgs(rest);
const config = readConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database);
const audit = { actorUserId: null, via: "command line" };

try {
  if (command === "create") {
    const username = args.get("username") ?? fail(USAGE);
    const email = args.get("email") ?? fail(USAGE);
    const role = args.get("role") ?? "member";
    if (!USERNAME_PATTERN.test(username)) fail("Usernames have 3 to 32 letters, digits, '.', '_' or '-'.");
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail("That is not an e-mail address.");
    if (role !== "member" && role !== "admin") fail("The role is member or admin.");
    const { password, generated } = await readPassword();
    const user = await createUser(
      database,
      { username, email, password, role, status: "active", emailVerified: true },
      audit,
    );
    console.log(`Created ${user.role} ${user.username} <${user.email}> (id ${user.id}), active.`);
    if (generated) console.log(`Password (shown once): ${password}`);
  } else if (command === "set-password") {
    const username = rest[0] && !rest[0].startsWith("--") ? rest[0] : fail(USAGE);
    const user = (await findUserForLogin(database, username)) ?? fail(`No account ${username}.`);
    const { password, generated } = await readPassword();
    await setPassword(database, Number(user.id), password, audit);
    await revokeAllSessions(database, Number(user.id));
    console.log(`Password of ${user.username} changed; all of their sign-ins were ended.`);
    if (generated) console.log(`Password (shown once): ${password}`);
  } else if (command === "list") {
    const users = await listUsers(database);
    if (!users.length) console.log("No accounts yet.");
    for (const u of users) {
      console.log([u.id, u.username, u.email, u.role, u.status, u.membership_expires_on ?? "no expiry"].join("\t"));
    }
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof AccountTakenError) fail(`That ${error.field} is already taken.`);
  throw error;
} finally {
  await database.close();
}
