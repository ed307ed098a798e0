import { daitchMokotoff } from "./daitch-mokotoff";

export const SOUNDEX_USAGE = "usage: npm run --silent soundex -- NAME [NAME …]";

/**
 * One line per name: the name as given, a tab, its Daitch–Mokotoff codes in
 * ascending order separated by spaces. Tabs and line breaks inside a name
 * become spaces so that each name stays on exactly one line and the tab stays
 * the only column separator for scripts reading the output.
 */
export function formatSoundexLines(names: string[]): string {
  return names.map((name) => `${name.replace(/[\t\r\n]+/g, " ")}\t${daitchMokotoff(name).join(" ")}`).join("\n");
}
