import { describe, expect, it } from "vitest";
import { type CheckResult, formatDuration, formatUtc, summarizeChecks, withTimeout } from "./checks";
import { BROWSER_NOT_RUN, formatReport } from "./report";

const NOW = Date.UTC(2026, 10, 22, 17, 5, 3);

const server: CheckResult[] = [
  { id: "server-build", label: "Website version", status: "info", detail: "Version 0.1.0, build abc123." },
  { id: "server-database", label: "Database", status: "pass", detail: "SQLite, answered in 1 ms." },
];
const browser: CheckResult[] = [
  { id: "javascript", label: "JavaScript", status: "pass", detail: "JavaScript is on." },
  {
    id: "cookies",
    label: "Cookies",
    status: "fail",
    detail: "Your browser blocks cookies for this site.",
    fix: "Allow cookies for this site.",
  },
  { id: "session", label: "Signed in", status: "not-applicable", detail: "You are not signed in." },
  { id: "clock", label: "Clock", status: "warning", detail: "3 min behind.", fix: "Set the clock." },
];

describe("the text report", () => {
  it("lists every line with its status in words and each fix under its line", () => {
    const text = formatReport({
      generatedAtMs: NOW,
      pageUrl: "https://metryka.example/ConfigCheck",
      userAgent: "Mozilla/5.0 Test",
      server,
      browser,
    });
    expect(text).toBe(
      [
        "Metryka configuration check",
        "Created: 2026-11-22 17:05:03 UTC",
        "Page: https://metryka.example/ConfigCheck",
        "Browser: Mozilla/5.0 Test",
        "Summary: 1 check failed; 1 warning.",
        "",
        "Server",
        "  [Info]           Website version: Version 0.1.0, build abc123.",
        "  [Pass]           Database: SQLite, answered in 1 ms.",
        "",
        "Browser",
        "  [Pass]           JavaScript: JavaScript is on.",
        "  [Fail]           Cookies: Your browser blocks cookies for this site.",
        "                   Fix: Allow cookies for this site.",
        "  [Not applicable] Signed in: You are not signed in.",
        "  [Warning]        Clock: 3 min behind.",
        "                   Fix: Set the clock.",
        "",
      ].join("\n"),
    );
  });

  it("says plainly when the browser checks have not run", () => {
    const text = formatReport({ generatedAtMs: NOW, pageUrl: "/ConfigCheck", server, browser: null });
    expect(text).toContain("Summary: Everything checked is working. (server only)");
    expect(text).toContain(`Browser\n  ${BROWSER_NOT_RUN}`);
    expect(text).not.toContain("Browser: ");
  });
});

describe("check helpers", () => {
  it("summarise failures and warnings in a sentence", () => {
    expect(summarizeChecks([]).text).toBe("Everything checked is working.");
    expect(summarizeChecks(browser)).toEqual({ failures: 1, warnings: 1, text: "1 check failed; 1 warning." });
    const two = [...browser, ...browser];
    expect(summarizeChecks(two).text).toBe("2 checks failed; 2 warnings.");
    expect(summarizeChecks([browser[3]]).text).toBe("No failures; 1 warning.");
    expect(summarizeChecks([browser[1]]).text).toBe("1 check failed.");
  });

  it("format times and durations the same everywhere", () => {
    expect(formatUtc(NOW)).toBe("2026-11-22 17:05:03 UTC");
    expect(formatUtc(Number.NaN)).toBe("unknown");
    expect(formatDuration(400)).toBe("less than 1 s");
    expect(formatDuration(1_400)).toBe("1 s");
    expect(formatDuration(45_000)).toBe("45 s");
    expect(formatDuration(-250_000)).toBe("4 min 10 s");
    expect(formatDuration(600_000)).toBe("10 min");
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe("2 h 5 min");
    expect(formatDuration(3 * 86_400_000)).toBe("3 days");
  });

  it("time out a promise that never settles, and pass through one that does", async () => {
    await expect(withTimeout(new Promise(() => undefined), 10)).rejects.toThrow(/No answer within 10 ms/);
    await expect(withTimeout(Promise.resolve(7), 1_000)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error("boom")), 1_000)).rejects.toThrow("boom");
  });
});
