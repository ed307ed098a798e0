// Every unit test renders components as the English site does: outside a page's provider they get the server's
// English translator with the real catalogs (app/i18n/i18next.server.ts).
import { pageTranslator } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import { NAMESPACES } from "~/i18n/namespaces";
import { setTranslatorOutsideProvider } from "~/i18n/react";

setTranslatorOutsideProvider(pageTranslator(DEFAULT_LANGUAGE, NAMESPACES));
