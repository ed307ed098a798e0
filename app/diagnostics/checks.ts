/**
 * What every line of /ConfigCheck is made of, on the server and in the browser:
 * a status that is always spelled out in words (never colour alone), what was
 * found, and a fix a member can follow without knowing what a cookie is.
 *
 * No browser or server imports: the route, the report and the tests share it.
 */

export type CheckStatus = "pass" | "warning" | "fail" | "not-applicable" | "info";

export interface CheckResult {
  /** Stable, for tests and the page's markup. */
  id: string;
  label: string;
  status: CheckStatus;
  /** What was found, in plain words. Never a secret, a token or a stack trace. */
  detail: string;
  /** What to do about it; only for warnings and failures. */
  fix?: string;
}

export const STATUS_LABELS: Readonly<Record<CheckStatus, string>> = {
  pass: "Pass",
  warning: "Warning",
  fail: "Fail",
  "not-applicable": "Not applicable",
  info: "Info",
};

export interface CheckSummary {
  failures: number;
  warnings: number;
  /** One sentence for the top of the page and the report. */
  text: string;
}

export function summarizeChecks(results: readonly CheckResult[]): CheckSummary {
  const failures = results.filter((r) => r.status === "fail").length;
  const warnings = results.filter((r) => r.status === "warning").length;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  let text: string;
  if (failures === 0 && warnings === 0) text = "Everything checked is working.";
  else if (failures === 0) text = `No failures; ${plural(warnings, "warning", "warnings")}.`;
  else if (warnings === 0) text = `${plural(failures, "check failed", "checks failed")}.`;
  else text = `${plural(failures, "check failed", "checks failed")}; ${plural(warnings, "warning", "warnings")}.`;
  return { failures, warnings, text };
}

/** "2026-11-22 17:05:03 UTC": the same on the server and in every browser, whatever their time zone. */
export function formatUtc(ms: number): string {
  if (!Number.isFinite(ms)) return "unknown";
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** "4 min 10 s", "45 s", "2 h 5 min": a duration as a person says it (the sign is the caller's business). */
export function formatDuration(ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  if (total < 1) return "less than 1 s";
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes < 60) return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = "TimeoutError";
  }
}

/** The promise's outcome, or a TimeoutError after `ms`; the timer never keeps a process alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    (timer as { unref?: () => void }).unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
