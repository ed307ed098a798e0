import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import { FLAT_KEYS, FORMS_NAMESPACE } from "~/i18n/namespaces";
import { type MessageValues, translatedMessages } from "../forms";

/**
 * The profile forms' messages in the page's language, in the browser: a sentence (or template with values) of the
 * `forms` catalog, which the profile routes load with the page; `formatError` is conform's for `parseWithZod`.
 */
export function useProfileMessages() {
  const { t } = useTranslation(FORMS_NAMESPACE);
  return useMemo(() => {
    const message = (key: string, values?: MessageValues) => t(key, { ...FLAT_KEYS, defaultValue: key, ...values });
    return { message, formatError: translatedMessages(message) };
  }, [t]);
}
