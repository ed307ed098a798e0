/**
 * Commons Codec's own test vectors (PhoneticEngineTest, PhoneticEngineRegressionTest), copied into
 * vectors.tsv: each input with the settings of its test and the encoding Commons Codec gives.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type BeiderMorseNameType, type BeiderMorseRuleType, beiderMorse } from "./engine";

const here = path.dirname(fileURLToPath(import.meta.url));

interface Vector {
  line: number;
  source: string;
  nameType: BeiderMorseNameType;
  ruleType: BeiderMorseRuleType;
  concat: boolean;
  languages: string[] | undefined;
  maxPhonemes: number;
  input: string;
  expected: string;
}

function readVectors(): Vector[] {
  const lines = readFileSync(path.join(here, "vectors.tsv"), "utf8").split("\n");
  const header = lines.findIndex((line) => line.startsWith("source\t"));
  expect(lines[header].split("\t")).toEqual([
    "source",
    "name_type",
    "rule_type",
    "concat",
    "language_set",
    "max_phonemes",
    "input",
    "expected",
  ]);
  return lines.flatMap((line, index) => {
    if (index <= header || line.trim() === "") return [];
    const [source, nameType, ruleType, concat, languageSet, maxPhonemes, input, expected] = line.split("\t");
    return [
      {
        line: index + 1,
        source,
        nameType: nameType.toLowerCase() as BeiderMorseNameType,
        ruleType: ruleType.toLowerCase() as BeiderMorseRuleType,
        concat: concat === "true",
        languages: languageSet === "auto" ? undefined : languageSet.split(","),
        maxPhonemes: Number(maxPhonemes),
        input,
        expected: expected ?? "",
      },
    ];
  });
}

const vectors = readVectors();

describe("Commons Codec's Beider–Morse test vectors", () => {
  it("are all read (73 of them)", () => {
    expect(vectors).toHaveLength(73);
  });

  it.each(vectors.map((v) => [`${v.line}: ${v.nameType} ${v.ruleType} concat=${v.concat} ${v.input}`, v] as const))(
    "%s",
    (_label, v) => {
      const result = beiderMorse(v.input, {
        nameType: v.nameType,
        ruleType: v.ruleType,
        concat: v.concat,
        maxPhonemes: v.maxPhonemes,
        languages: v.languages,
      });
      expect(result.encoding).toBe(v.expected);
    },
  );
});
