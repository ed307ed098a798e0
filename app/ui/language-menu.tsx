// The language menu in the header (issue 29 item 3): plain links to the same address with `?lng=`, so it works
// without JavaScript, and each link loads the whole page (the server sets the cookie and renders that language).
// A <details> element opens it without script too.
import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LANGUAGES, LANGUAGE_NAMES, type Language, addressIn } from "~/i18n/languages";

export function LanguageMenu({ current }: { current: Language }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <details className="language-menu">
      {/* The code keeps the header to one row on a phone; the name is read out with it. */}
      <summary>
        <span className="language-code">{current.toUpperCase()}</span>
        <span className="visually-hidden">
          {" "}
          — {t("language.label")}: <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        </span>
      </summary>
      <ul>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <a
              href={addressIn(here, language)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? "true" : undefined}
            >
              {LANGUAGE_NAMES[language]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
