import { Fragment } from "react";
import { useTranslation } from "~/i18n/react";

/** A value's hint in the reader's Latin letters, as the server gives it (app/names/script-hint.ts). */
export interface ScriptHintView {
  parts: { text: string; lang?: string }[];
  latin: string;
  lang: string;
}

/**
 * A record's value as written, and beside it, when the server gave one, its hint in the reader's Latin letters
 * (issue 29, item 4): "Рожище (Roschischtsche)". The Cyrillic is marked with its language and left to no
 * translator; the hint with the reader's language in Latin script, and a screen reader hears what it is.
 */
export function ScriptText({ value, hint }: { value: string; hint?: ScriptHintView | null }) {
  // Most values have no hint: they render as text, without the translation hooks (a results page has hundreds).
  return hint ? <HintedText hint={hint} /> : value;
}

function HintedText({ hint }: { hint: ScriptHintView }) {
  const { t } = useTranslation("common");
  return (
    <>
      {hint.parts.map((part, i) => (
        <Fragment key={i}>
          {part.lang ? (
            <span lang={part.lang} translate="no">
              {part.text}
            </span>
          ) : (
            part.text
          )}
        </Fragment>
      ))}{" "}
      <span className="script-hint">
        (<span className="visually-hidden">{t("script.latinLetters")} </span>
        <span lang={hint.lang} translate="no">
          {hint.latin}
        </span>
        )
      </span>
    </>
  );
}

/**
 * A sentence of the page's (a heading, "Taufe von {{subject}}") with a value of the record in it: the value as
 * ScriptText, the rest as it stands.
 */
export function TextWithScript({ text, value, hint }: { text: string; value: string; hint?: ScriptHintView | null }) {
  const at = hint ? text.indexOf(value) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <ScriptText value={value} hint={hint} />
      {text.slice(at + value.length)}
    </>
  );
}
