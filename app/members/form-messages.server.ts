import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";
import { FLAT_KEYS, FORMS_NAMESPACE } from "~/i18n/namespaces";
import { type MessageValues, translatedMessages } from "./forms";

/** A profile form's message in a language: the `forms` catalog's sentence, or the English one it lacks. */
export function profileMessage(language: Language): (key: string, values?: MessageValues) => string {
  const t = translator(language, FORMS_NAMESPACE);
  return (key, values) => t(key as never, { ...FLAT_KEYS, defaultValue: key, ...values });
}

/** conform's `formatError` for the server's parse of a profile form. */
export function profileFormatError(language: Language) {
  return translatedMessages(profileMessage(language));
}
