/**
 * The /ConfigCheck report as plain text, for a member to paste into a support
 * request: every line with its status in words, what was found and the fix.
 * Built only from check results, which never carry secrets.
 */
import { type CheckResult, STATUS_LABELS, formatUtc, summarizeChecks } from "./checks";

export interface ReportInput {
  generatedAtMs: number;
  /** Where the page was opened (origin and path; never a query, which could carry a token from an e-mail link). */
  pageUrl: string;
  userAgent?: string;
  server: readonly CheckResult[];
  /** null while the browser checks have not run (no JavaScript, or not yet). */
  browser: readonly CheckResult[] | null;
}

export const BROWSER_NOT_RUN =
  "Not run: the browser checks need JavaScript, and it is off or the page has not finished loading.";

// eslint-disable-next-line no-restricted-syntax -- the handful of status labels.
const TAG_WIDTH = Math.max(...Object.values(STATUS_LABELS).map((l) => l.length)) + 2;

function section(title: string, results: readonly CheckResult[]): string[] {
  const lines = [title];
  for (const r of results) {
    const tag = `[${STATUS_LABELS[r.status]}]`.padEnd(TAG_WIDTH + 1);
    lines.push(`  ${tag}${r.label}: ${r.detail}`);
    if (r.fix) lines.push(`  ${" ".repeat(TAG_WIDTH + 1)}Fix: ${r.fix}`);
  }
  return lines;
}

export function formatReport(input: ReportInput): string {
  const all = [...input.server, ...(input.browser ?? [])];
  const lines = ["Metryka configuration check", `Created: ${formatUtc(input.generatedAtMs)}`, `Page: ${input.pageUrl}`];
  if (input.userAgent) lines.push(`Browser: ${input.userAgent}`);
  lines.push(`Summary: ${summarizeChecks(all).text}${input.browser ? "" : " (server only)"}`, "");
  // eslint-disable-next-line no-restricted-syntax -- a section is a few dozen lines of a diagnostics report.
  lines.push(...section("Server", input.server), "");
  // eslint-disable-next-line no-restricted-syntax -- as above.
  if (input.browser) lines.push(...section("Browser", input.browser));
  else lines.push("Browser", `  ${BROWSER_NOT_RUN}`);
  return `${lines.join("\n")}\n`;
}
