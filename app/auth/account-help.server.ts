import { PATHS } from "~/routing/paths";
import type { Database } from "~/db/connection.server";
import { sendMail } from "~/mail/mailer.server";
import { logger } from "~/config/logger.server";
import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";
import { writeAudit } from "./audit.server";
import { newEmailLink, storeEmailToken } from "./email-tokens.server";
import { type User, findUserForLogin, keyOf } from "./users.server";

/**
 * Getting back in: the forgotten-password and forgotten-username requests.
 * Their answer is the same whether or not the address belongs to an account,
 * and so must the time it takes: before answering, both kinds of address get
 * the same work (one lookup, one link made and hashed); what only a real
 * account needs (storing the link, the e-mail, the audit entry) runs after
 * the answer has gone.
 */

/** Runs work the answer must not wait for; a failure is logged, since nobody is waiting to be told. */
export type AfterAnswer = (what: string, task: () => Promise<void>) => void;

const running = new Set<Promise<void>>();

export const runAfterAnswer: AfterAnswer = (what, task) => {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => logger.error({ err: error }, `${what} failed after the answer was sent`))
    .finally(() => running.delete(run));
  running.add(run);
};

/** Resolves when the work started so far has ended (before closing the database: tests, shutdown). */
export async function afterAnswerSettled(): Promise<void> {
  while (running.size) await Promise.all(running);
}

interface HelpRequest {
  email: string;
  /** The site's origin, for the link in the e-mail. */
  origin: string;
  ip: string;
  /** The language of the page the request came from: the e-mail is written in it. */
  language: Language;
}

/** The account an address names, when it is that account's own address (not a username typed into the field). */
async function accountOfAddress(database: Database, email: string): Promise<User | undefined> {
  const user = await findUserForLogin(database, email);
  return user && user.email_key === keyOf(email) ? user : undefined;
}

export async function requestPasswordReset(
  database: Database,
  input: HelpRequest,
  afterAnswer: AfterAnswer = runAfterAnswer,
): Promise<void> {
  const user = await accountOfAddress(database, input.email);
  const link = newEmailLink();
  if (!user || user.status === "suspended") return;
  afterAnswer("password reset e-mail", async () => {
    await storeEmailToken(database, user.id, "reset", link.tokenHash);
    const t = translator(input.language, "mail");
    const url = new URL(`${PATHS.resetPassword}?token=${encodeURIComponent(link.token)}`, input.origin).toString();
    await sendMail({
      to: user.email,
      subject: t("reset.subject"),
      text: t("reset.body", { username: user.username, link: url }),
    });
    await writeAudit(database, {
      actorUserId: null,
      subjectUserId: user.id,
      action: "password.reset-requested",
      ip: input.ip,
    });
  });
}

export async function remindUsername(
  database: Database,
  input: Omit<HelpRequest, "ip">,
  afterAnswer: AfterAnswer = runAfterAnswer,
): Promise<void> {
  const user = await accountOfAddress(database, input.email);
  if (!user) return;
  const t = translator(input.language, "mail");
  afterAnswer("username reminder e-mail", () =>
    sendMail({
      to: user.email,
      subject: t("username.subject"),
      text: t("username.body", { username: user.username, link: new URL(PATHS.login, input.origin).toString() }),
    }),
  );
}
