import { formatNumber } from "~/i18n/format";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";

/** Numbers as people read them: 104,512 in English, 104.512 in German (../i18n/format). */
export function formatCount(n: number, language: Language = DEFAULT_LANGUAGE): string {
  return formatNumber(language, n);
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A day as a citation gives it: 24 November 2026 (UTC, so the server's zone does not move it). */
export function formatCitationDay(date: Date): string {
  return DAY_FORMAT.format(date);
}
