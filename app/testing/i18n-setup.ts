// Every unit test renders components as the English site does: react-i18next's global instance holds the English
// catalogs, as the server's page instance would (app/i18n/i18next.server.ts).
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { allResources } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import { SHELL_NAMESPACE } from "~/i18n/namespaces";

if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    resources: allResources(),
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: SHELL_NAMESPACE,
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
}
