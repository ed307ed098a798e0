/**
 * `npm audit --omit=dev` read for its verdict (issue 13, point 8). The registry's audit endpoint is not
 * reachable from every machine (these answer 405 to its POST): that is reported as such, never as "no issues".
 */
import { spawnSync } from "node:child_process";

export type AuditResult =
  { reachable: false; reason: string } | { reachable: true; high: number; critical: number; total: number };

interface AuditJson {
  message?: string;
  statusCode?: number;
  error?: { summary?: string; detail?: string; code?: string };
  metadata?: { vulnerabilities?: Record<string, number> };
}

export function interpretAudit(stdout: string): AuditResult {
  let json: AuditJson;
  try {
    json = JSON.parse(stdout) as AuditJson;
  } catch {
    return { reachable: false, reason: "npm audit printed no report" };
  }
  const counts = json.metadata?.vulnerabilities;
  if (!counts) {
    const why = json.message || json.error?.summary || json.error?.code || "no report";
    return { reachable: false, reason: `the registry's audit endpoint did not answer: ${why}` };
  }
  const total = Object.entries(counts)
    .filter(([level]) => level !== "total")
    .reduce((sum, [, n]) => sum + n, 0);
  return { reachable: true, high: counts.high ?? 0, critical: counts.critical ?? 0, total };
}

export const AUDIT_TIMEOUT_MS = 90_000;

export function runNpmAudit(cwd: string): AuditResult {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], {
    cwd,
    encoding: "utf8",
    timeout: AUDIT_TIMEOUT_MS,
  });
  if (run.error) return { reachable: false, reason: `npm audit could not run: ${run.error.message}` };
  return interpretAudit(run.stdout);
}
