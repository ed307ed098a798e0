import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { formatSoundexLines } from "../app/names/soundex-cli";

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

  it("prints usage on stderr and exits 2 without names", () => {
    const result = run([]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^usage: /);
  });
});
