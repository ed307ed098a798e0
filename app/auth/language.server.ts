// The language of a request, with the signed-in member's profile setting among the sources (app/i18n/choose.server.ts
// says the order). Who is signed in is read once per request (./guard.server.ts), so this costs nothing more on a page.
import { chooseLanguage } from "~/i18n/choose.server";
import type { Language } from "~/i18n/languages";
import { logger } from "~/config/logger.server";
import { getCurrentUser } from "./guard.server";

export async function languageOfRequest(request: Request): Promise<Language> {
  const user = await getCurrentUser(request).catch((err: unknown) => {
    // A database that does not answer leaves the other sources to decide; the page itself says what is wrong.
    logger.warn({ err }, "could not read the sign-in for the language");
    return null;
  });
  return chooseLanguage(request, user?.language);
}
