import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderBeiderMorseModule } from "./generate";
import { parseRules } from "./parse";
import { BM_DATA } from "./rules.generated";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("rules.generated.ts", () => {
  it("is what npm run build:beider-morse makes of the rule files today", async () => {
    const committed = readFileSync(path.join(here, "rules.generated.ts"), "utf8");
    expect(committed).toBe(await renderBeiderMorseModule(path.join(here, "rules")));
  });

  it("holds every rule list Commons Codec loads, none of the first-pass lists empty", () => {
    for (const type of ["gen", "ash", "sep"] as const) {
      const { languages, rules, lang } = BM_DATA[type];
      expect(languages).toContain("any");
      expect(lang.length).toBeGreaterThan(10);
      for (const language of languages) {
        expect(rules[`rules_${language}`].length, `${type} rules_${language}`).toBeGreaterThan(0);
        expect(rules[`approx_${language}`], `${type} approx_${language}`).toBeDefined();
        expect(rules[`exact_${language}`], `${type} exact_${language}`).toBeDefined();
      }
      expect(rules.approx_common.length).toBeGreaterThan(0);
      expect(rules.exact_common.length).toBeGreaterThan(0);
    }
  });

  it("expands #include where it stands: gen_approx_common starts with gen_exact_approx_common's rules", () => {
    const read = (name: string) => readFileSync(path.join(here, "rules", `${name}.txt`), "utf8");
    const shared = parseRules(read, "gen_exact_approx_common");
    const approx = BM_DATA.gen.rules.approx_common;
    expect(shared.length).toBeGreaterThan(10);
    expect(approx.slice(0, shared.length)).toEqual(shared);
    expect(approx.length).toBeGreaterThan(shared.length);
  });
});
