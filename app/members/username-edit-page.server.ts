import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { validateCsrf } from "~/auth/csrf.server";
import { getCurrentUser, requireAdminAuth } from "~/auth/guard.server";
import { readForm } from "~/routing/form-data.server";
import { getDatabase } from "~/db/current.server";
import { USERNAME_YOURS, usernameProblem, usernameSchema } from "./forms";
import { PROFILE_PATH } from "./profile-page.server";
import { USERNAME_TAKEN, changeUsername, isUsernameAvailable } from "./profile-writes.server";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import { profileFormatError, profileMessage } from "./form-messages.server";

/**
 * Changing the member's username (auth-admin guarded), and the availability
 * check the form asks while the member types (GET /api/username-available).
 */

export async function loadUsernameEditPage(request: Request) {
  const user = await requireAdminAuth(request);
  const meta = pageMeta(await languageOfRequest(request), "members", "meta.username");
  return { meta, username: user.username };
}

const USERNAME_UNCHANGED = "That is already your username.";

export async function usernameEditAction(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const language = await languageOfRequest(request);
  const message = profileMessage(language);
  const submission = parseWithZod(formData, { schema: usernameSchema, formatError: profileFormatError(language) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { username } = submission.value;
  if (username === user.username) {
    return data(submission.reply({ fieldErrors: { username: [message(USERNAME_UNCHANGED)] } }), { status: 400 });
  }
  const database = await getDatabase();
  // Checked first for the usual case; changeUsername still turns a name taken in the meantime into this message.
  const result = (await isUsernameAvailable(database, username, user.id))
    ? await changeUsername(database, user, username, { ip: clientIp })
    : ({ ok: false } as const);
  if (!result.ok)
    return data(submission.reply({ fieldErrors: { username: [message(USERNAME_TAKEN)] } }), { status: 400 });
  return redirect(`${PROFILE_PATH}?updated=username`);
}

export interface UsernameAvailability {
  available: boolean;
  message: string;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The availability check behind the username form: signed-in accounts only
 * (the list of usernames is not public), 400 with the reason for a name that
 * could never be valid, and the account's own name counts as available.
 */
export async function usernameAvailabilityResponse(request: Request): Promise<Response> {
  const user = await getCurrentUser(request);
  if (!user) return json({ error: "Sign in to check usernames." }, 401);
  const typed = new URL(request.url).searchParams.get("username") ?? "";
  const message = profileMessage(await languageOfRequest(request));
  const problem = usernameProblem(typed);
  if (problem) return json({ available: false, message: message(problem) } satisfies UsernameAvailability, 400);
  const username = typed.trim();
  if (username === user.username) {
    return json({ available: true, message: message(USERNAME_YOURS) } satisfies UsernameAvailability, 200);
  }
  const available = await isUsernameAvailable(await getDatabase(), username, user.id);
  const body: UsernameAvailability = available
    ? { available, message: message("“{{username}}” is available.", { username }) }
    : { available, message: message(USERNAME_TAKEN) };
  return json(body, 200);
}
