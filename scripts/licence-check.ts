/**
 * The licences of the runtime dependencies (issue 13, point 8), read from package-lock.json as `npm ci
 * --omit=dev` would install them on any platform, each judged against SPDX's list of OSI-approved licences.
 * The README's "Licences" section must name every package that is not plainly OSI-approved, and no other.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import parseSpdx from "spdx-expression-parse";
import spdxLicences from "spdx-license-list";

export type Verdict =
  | { kind: "osi" }
  /** A valid SPDX expression that needs a licence OSI has not approved (Creative Commons, say). */
  | { kind: "not-osi"; licences: string[] }
  /** No licence field, or one that is not an SPDX expression ("MIT/X11"): a person has to read it. */
  | { kind: "undeclared" }
  | { kind: "not-spdx"; text: string };

export interface RuntimePackage {
  name: string;
  version: string;
  licence: string | undefined;
  verdict: Verdict;
}

function osiApproved(id: string): boolean {
  const entry = (spdxLicences as Record<string, { osiApproved: boolean } | undefined>)[id];
  return entry?.osiApproved === true;
}

/** The licences an expression needs beyond OSI-approved ones; for OR, the cheapest branch. */
function unapproved(info: parseSpdx.Info): string[] {
  if ("conjunction" in info) {
    const left = unapproved(info.left);
    const right = unapproved(info.right);
    if (info.conjunction === "and") return [...left, ...right];
    return left.length <= right.length ? left : right;
  }
  return osiApproved(info.license) ? [] : [info.license];
}

export function judgeLicence(licence: string | undefined): Verdict {
  if (licence === undefined || licence.trim() === "") return { kind: "undeclared" };
  let info: parseSpdx.Info;
  try {
    info = parseSpdx(licence);
  } catch {
    return { kind: "not-spdx", text: licence };
  }
  const needs = unapproved(info);
  return needs.length === 0 ? { kind: "osi" } : { kind: "not-osi", licences: needs };
}

interface LockEntry {
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  dev?: boolean;
  link?: boolean;
  name?: string;
}

/** A licence as old package.json files wrote it too ({type}, or a `licenses` array). */
function licenceText(entry: LockEntry): string | undefined {
  if (typeof entry.license === "string") return entry.license;
  if (entry.license?.type) return entry.license.type;
  const types = entry.licenses?.map((l) => l.type).filter((t): t is string => Boolean(t));
  return types?.length ? types.join(" OR ") : undefined;
}

/** The runtime packages of a lockfile (v2/v3): every entry npm does not mark as a development one. */
export function runtimePackages(lock: { packages?: Record<string, LockEntry> }): RuntimePackage[] {
  const found = new Map<string, RuntimePackage>();
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (location === "" || entry.dev || entry.link) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
    const version = entry.version ?? "?";
    const licence = licenceText(entry);
    found.set(`${name}@${version}`, { name, version, licence, verdict: judgeLicence(licence) });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

export function needsNaming(packages: RuntimePackage[]): string[] {
  return [...new Set(packages.filter((p) => p.verdict.kind !== "osi").map((p) => p.name))].sort();
}

export const README_SECTION = "## Licences";

/** The package names in backticks in the README's Licences section (up to the next second-level heading). */
export function namedInReadme(readme: string): string[] {
  const start = readme.indexOf(`\n${README_SECTION}\n`);
  if (start < 0) return [];
  const rest = readme.slice(start + README_SECTION.length + 2);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  // Only the first cell of the section's table rows names a package.
  const names = [...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]);
  return [...new Set(names)].sort();
}

export interface ReadmeCheck {
  missing: string[];
  stale: string[];
}

export function compareWithReadme(packages: RuntimePackage[], readme: string): ReadmeCheck {
  const needed = needsNaming(packages);
  const named = namedInReadme(readme);
  return {
    missing: needed.filter((n) => !named.includes(n)),
    stale: named.filter((n) => !needed.includes(n)),
  };
}

export function describeVerdict(verdict: Verdict): string {
  switch (verdict.kind) {
    case "osi":
      return "OSI-approved";
    case "not-osi":
      return `not OSI-approved: ${verdict.licences.join(", ")}`;
    case "undeclared":
      return "no licence declared";
    case "not-spdx":
      return `not an SPDX expression: "${verdict.text}"`;
  }
}

export function readProject(root: string): { packages: RuntimePackage[]; readme: string } {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages?: Record<string, LockEntry>;
  };
  return { packages: runtimePackages(lock), readme: readFileSync(path.join(root, "README.md"), "utf8") };
}
