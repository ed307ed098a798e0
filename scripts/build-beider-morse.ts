/**
 * Turns the Beider–Morse rule files (app/names/beider-morse/rules/*.txt, from Apache Commons Codec,
 * Apache-2.0) into app/names/beider-morse/rules.generated.ts, the data the engine runs. The generated
 * module is committed, so the server, the CLI, the tests and the Remix build need no step of their own;
 * rules.test.ts fails when it no longer matches the rule files.
 *
 *   npm run build:beider-morse
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BEIDER_MORSE_DIR, renderBeiderMorseModule } from "../app/names/beider-morse/generate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, BEIDER_MORSE_DIR, "rules.generated.ts");
writeFileSync(target, await renderBeiderMorseModule(path.join(root, BEIDER_MORSE_DIR, "rules")));
process.stdout.write(`wrote ${path.relative(root, target)}\n`);
