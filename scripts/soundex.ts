/**
 * Prints the Daitch–Mokotoff codes (or, with --beider-morse, the Beider–Morse encoding) of the names given
 * on the command line, so that a volunteer can check what a phonetic search will match.
 *
 *   npm run --silent soundex -- Schwarzenegger Шварценеггер
 *   npm run --silent soundex -- --beider-morse --name-type ashkenazi --rule-type exact Halpern
 */
import { SOUNDEX_USAGE, parseSoundexArgs, runSoundex } from "../app/names/soundex-cli";

const command = parseSoundexArgs(process.argv.slice(2));
const output = runSoundex(command);
if (output === null) {
  if (command.kind === "usage" && command.error) process.stderr.write(`${command.error}\n`);
  process.stderr.write(`${SOUNDEX_USAGE}\n`);
  process.exit(2);
}
process.stdout.write(`${output}\n`);
