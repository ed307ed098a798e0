import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { formatBeiderMorseLines, formatSoundexLines, parseSoundexArgs } from "../app/names/soundex-cli";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("formatSoundexLines", () => {
  it("prints the name, a tab and the codes in ascending order", () => {
    expect(formatSoundexLines(["Peters"])).toBe("Peters\t734000 739400");
  });

  it("prints one line per name, in the order given", () => {
    expect(formatSoundexLines(["Jackson", "Golden", "Шварценеггер"])).toBe(
      ["Jackson\t145460 154600 445460 454600", "Golden\t583600", "Шварценеггер\t479465"].join("\n"),
    );
  });

  it("keeps a name without codes on its line with an empty code column", () => {
    expect(formatSoundexLines(["1851", "Topf"])).toBe("1851\t\nTopf\t370000");
  });

  it("keeps each name on one line", () => {
    expect(formatSoundexLines(["Ben\tAron\n"])).toBe("Ben Aron \t769600");
  });
});

describe("formatBeiderMorseLines", () => {
  it("prints the name, a tab and the encoding as BeiderMorseEncoder writes it", () => {
    // Commons Codec's PhoneticEngineTest: Renault, generic, approximate.
    expect(formatBeiderMorseLines(["Renault"], { nameType: "generic", ruleType: "approx" })).toBe(
      "Renault\trinD|rinDlt|rina|rinalt|rino|rinolt|rinu|rinult",
    );
  });

  it("joins the words of a prefixed generic name with a dash, each in brackets", () => {
    expect(formatBeiderMorseLines(["D'Angelo", "Angelo"], { nameType: "ashkenazi", ruleType: "exact" })).toBe(
      "D'Angelo\tdandZelo|dangelo|danhelo|danxelo\nAngelo\tandZelo|angelo|anhelo|anxelo",
    );
    expect(formatBeiderMorseLines(["d'ortley"], { nameType: "generic", ruleType: "exact" })).toBe(
      "d'ortley\t(ortlaj|ortlej)-(dortlaj|dortlej)",
    );
  });

  it("keeps a name without an encoding, and each name on one line", () => {
    expect(formatBeiderMorseLines(["1851", "Мария\n"], { nameType: "generic", ruleType: "approx" })).toBe(
      "1851\t\nМария \tmarD|morD",
    );
  });
});

describe("parseSoundexArgs", () => {
  it("gives Daitch–Mokotoff without options", () => {
    expect(parseSoundexArgs(["Peters", "Ben Aron"])).toEqual({
      kind: "daitch-mokotoff",
      names: ["Peters", "Ben Aron"],
    });
  });

  it("gives Beider–Morse, generic and approximate unless told otherwise", () => {
    expect(parseSoundexArgs(["--beider-morse", "Halpern"])).toEqual({
      kind: "beider-morse",
      names: ["Halpern"],
      options: { nameType: "generic", ruleType: "approx" },
    });
    expect(parseSoundexArgs(["--beider-morse", "--name-type", "ashkenazi", "--rule-type=exact", "--", "-x"])).toEqual({
      kind: "beider-morse",
      names: ["-x"],
      options: { nameType: "ashkenazi", ruleType: "exact" },
    });
  });

  it("asks for usage on a value or an option it does not know, or without names", () => {
    expect(parseSoundexArgs(["--beider-morse", "--name-type", "celtic", "X"])).toMatchObject({ kind: "usage" });
    expect(parseSoundexArgs(["--beider-morse", "--rule-type", "rules", "X"])).toMatchObject({ kind: "usage" });
    expect(parseSoundexArgs(["--daitch", "X"])).toMatchObject({ kind: "usage", error: "unknown option --daitch" });
    expect(parseSoundexArgs(["--rule-type", "exact", "X"])).toMatchObject({ kind: "usage" });
    expect(parseSoundexArgs(["--beider-morse"])).toEqual({ kind: "usage" });
  });
});

describe("scripts/soundex.ts", () => {
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  const run = (args: string[]) =>
    spawnSync(tsx, [path.join(root, "scripts", "soundex.ts"), ...args], {
      cwd: root,
      encoding: "utf8",
    });

  it("prints the codes of its arguments", () => {
    const result = run(["Peters", "Ben Aron"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("Peters\t734000 739400\nBen Aron\t769600\n");
  });

  it("prints the Beider–Morse encodings with --beider-morse", () => {
    const result = run(["--beider-morse", "--name-type", "ashkenazi", "--rule-type", "approx", "Halpern", "Мария"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "Halpern\tYlpYrn|Ylpirn|alpYrn|alpirn|olpYrn|olpirn|xalpirn|xolpirn\nМария\tmarD|morD\n",
    );
  });

  it("names a bad option value on stderr and exits 2", () => {
    const result = run(["--beider-morse", "--rule-type", "loose", "Halpern"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^--rule-type must be approx or exact\nusage: /);
  });

  it("prints usage on stderr and exits 2 without names", () => {
    const result = run([]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^usage: /);
  });
});
