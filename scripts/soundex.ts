/**
 * Prints the Daitch–Mokotoff codes of the names given on the command line,
 * so that a volunteer can check what a phonetic search will match.
 *
 *   npm run --silent soundex -- Schwarzenegger Шварценеггер
 */
import { SOUNDEX_USAGE, formatSoundexLines } from "../app/names/soundex-cli";

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write(`${SOUNDEX_USAGE}\n`);
  process.exit(2);
}
process.stdout.write(`${formatSoundexLines(names)}\n`);
