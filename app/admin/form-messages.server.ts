import { formMessages } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";

/**
 * conform's `formatError` for the administrators' zod schemas (parseWithZod): each message, an English sentence,
 * in the reader's language through the `forms` catalogs (decision 0071 § 3).
 */
export function formatErrorsIn(language: Language): (issues: readonly { message: string }[]) => string[] {
  const translate = formMessages(language);
  return (issues) => issues.map((issue) => translate(issue.message));
}

/** A page's own messages by field (a GET form's, checked without zod), in the reader's language. */
export function errorsIn<K extends string>(
  language: Language,
  errors: Partial<Record<K, string>>,
): Partial<Record<K, string>> {
  const translate = formMessages(language);
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [name, translate(message as string)]),
  ) as Partial<Record<K, string>>;
}
