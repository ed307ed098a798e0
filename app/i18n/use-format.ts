import { useMemo } from "react";
import { compareNames, formatDatePair, formatDay, formatList, formatNumber } from "./format";
import { useTranslator } from "./react";

/** ./format's functions in the page's language. */
export function useFormat() {
  const { language } = useTranslator();
  return useMemo(
    () => ({
      language,
      number: (n: number) => formatNumber(language, n),
      list: (items: readonly string[]) => formatList(language, items),
      day: (iso: string | null, year: number) => formatDay(language, iso, year),
      datePair: (julianIso: string, gregorianIso: string) => formatDatePair(language, julianIso, gregorianIso),
      compareNames: compareNames(language),
    }),
    [language],
  );
}
