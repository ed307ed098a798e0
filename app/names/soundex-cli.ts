import { type BeiderMorseNameType, type BeiderMorseRuleType, beiderMorseEncode } from "./beider-morse/engine";
import { daitchMokotoff } from "./daitch-mokotoff";

export const SOUNDEX_USAGE = [
  "usage: npm run --silent soundex -- NAME [NAME …]",
  "       npm run --silent soundex -- --beider-morse [--name-type generic|ashkenazi|sephardic] [--rule-type approx|exact] NAME [NAME …]",
].join("\n");

/** One name per line: tabs and line breaks inside a name become spaces, so the tab stays the only separator. */
function oneLine(name: string): string {
  return name.replace(/[\t\r\n]+/g, " ");
}

/**
 * One line per name: the name as given, a tab, its Daitch–Mokotoff codes in
 * ascending order separated by spaces. Tabs and line breaks inside a name
 * become spaces so that each name stays on exactly one line and the tab stays
 * the only column separator for scripts reading the output.
 */
export function formatSoundexLines(names: string[]): string {
  return names.map((name) => `${oneLine(name)}\t${daitchMokotoff(name).join(" ")}`).join("\n");
}

export interface BeiderMorseCliOptions {
  nameType: BeiderMorseNameType;
  ruleType: BeiderMorseRuleType;
}

/**
 * One line per name: the name as given, a tab, and its Beider–Morse encoding as Commons Codec's
 * BeiderMorseEncoder writes it (concatenated words, `|` between phonemes, `-` between words).
 */
export function formatBeiderMorseLines(names: string[], options: BeiderMorseCliOptions): string {
  return names.map((name) => `${oneLine(name)}\t${beiderMorseEncode(name, { ...options, concat: true })}`).join("\n");
}

export type SoundexCommand =
  | { kind: "daitch-mokotoff"; names: string[] }
  | { kind: "beider-morse"; names: string[]; options: BeiderMorseCliOptions }
  | { kind: "usage"; error?: string };

const NAME_TYPES: readonly BeiderMorseNameType[] = ["generic", "ashkenazi", "sephardic"];
const RULE_TYPES: readonly BeiderMorseRuleType[] = ["approx", "exact"];

/**
 * The command line of `npm run soundex`. Options come before the names; `--` ends them, so a name that
 * starts with a dash can still be given. Without names, or with an option it does not know, it asks for usage.
 */
export function parseSoundexArgs(args: readonly string[]): SoundexCommand {
  let beiderMorse = false;
  let nameType: BeiderMorseNameType | undefined;
  let ruleType: BeiderMorseRuleType | undefined;
  let i = 0;
  for (; i < args.length && args[i].startsWith("--"); i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    if (flag === "--") {
      i++;
      break;
    }
    if (flag === "--beider-morse" && inline === undefined) {
      beiderMorse = true;
      continue;
    }
    if (flag !== "--name-type" && flag !== "--rule-type") return { kind: "usage", error: `unknown option ${flag}` };
    const value = inline ?? args[++i];
    if (flag === "--name-type") {
      if (!NAME_TYPES.includes(value as BeiderMorseNameType)) {
        return { kind: "usage", error: `--name-type must be ${NAME_TYPES.join(" or ")}` };
      }
      nameType = value as BeiderMorseNameType;
    } else {
      if (!RULE_TYPES.includes(value as BeiderMorseRuleType)) {
        return { kind: "usage", error: `--rule-type must be ${RULE_TYPES.join(" or ")}` };
      }
      ruleType = value as BeiderMorseRuleType;
    }
  }
  const names = args.slice(i);
  if (names.length === 0) return { kind: "usage" };
  if (!beiderMorse) {
    if (nameType || ruleType) return { kind: "usage", error: "--name-type and --rule-type need --beider-morse" };
    return { kind: "daitch-mokotoff", names };
  }
  return { kind: "beider-morse", names, options: { nameType: nameType ?? "generic", ruleType: ruleType ?? "approx" } };
}

/** What `npm run soundex` prints for a command: the lines, or null when it should print usage. */
export function runSoundex(command: SoundexCommand): string | null {
  if (command.kind === "usage") return null;
  if (command.kind === "daitch-mokotoff") return formatSoundexLines(command.names);
  return formatBeiderMorseLines(command.names, command.options);
}
