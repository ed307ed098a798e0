/**
 * npm run licences [-- --audit]
 *
 * Lists the runtime dependencies' licences, names those that are not OSI-approved and checks that the README's
 * "Licences" section names exactly those; with --audit, also runs `npm audit --omit=dev` and says plainly when
 * the registry's audit endpoint cannot be reached. Last line JSON. Exit 0 when all holds, 1 otherwise.
 */
import { compareWithReadme, describeVerdict, needsNaming, readProject } from "./licence-check";
import { runNpmAudit } from "./npm-audit";

const root = process.cwd();
const { packages, readme } = readProject(root);

const byLicence = new Map<string, number>();
for (const p of packages) byLicence.set(p.licence ?? "(none)", (byLicence.get(p.licence ?? "(none)") ?? 0) + 1);
console.log(`${packages.length} runtime packages (package-lock.json, development packages left out)`);
for (const [licence, count] of [...byLicence].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${String(count).padStart(4)}  ${licence}`);
}

const flagged = packages.filter((p) => p.verdict.kind !== "osi");
console.log(`\nNot plainly OSI-approved (${needsNaming(packages).length} packages):`);
for (const p of flagged) console.log(`  ${p.name}@${p.version}: ${describeVerdict(p.verdict)}`);

const readmeCheck = compareWithReadme(packages, readme);
for (const name of readmeCheck.missing) console.log(`✖ README.md's Licences section does not name ${name}`);
for (const name of readmeCheck.stale) console.log(`✖ README.md's Licences section names ${name}, which needs no note`);
if (readmeCheck.missing.length + readmeCheck.stale.length === 0) console.log("✔ README.md names each of them");

const audit = process.argv.includes("--audit") ? runNpmAudit(root) : undefined;
if (audit && !audit.reachable) console.log(`\n! npm audit --omit=dev: NOT RUN — ${audit.reason}`);
if (audit?.reachable) {
  console.log(`\nnpm audit --omit=dev: ${audit.total} advisories, ${audit.high} high, ${audit.critical} critical`);
}

const ok =
  readmeCheck.missing.length === 0 &&
  readmeCheck.stale.length === 0 &&
  !(audit?.reachable && audit.high + audit.critical > 0);
console.log(
  JSON.stringify({
    runtimePackages: packages.length,
    notOsi: needsNaming(packages),
    readme: readmeCheck,
    audit: audit ?? "not asked",
    ok,
  }),
);
process.exitCode = ok ? 0 : 1;
