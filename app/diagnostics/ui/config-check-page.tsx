import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { getBrowserSession } from "~/auth/use-browser-session";
import { type CheckResult, type CheckStatus, STATUS_LABELS, summarizeChecks } from "../checks";
import { browserDependencies, runBrowserChecks } from "../browser-checks";
import { BROWSER_NOT_RUN, formatReport } from "../report";
import type { loadConfigCheck } from "../server-checks.server";
import { PATHS } from "~/routing/paths";

/** A shape beside the word, so the status survives without colour (and for colour-blind readers). */
const STATUS_ICONS: Readonly<Record<CheckStatus, string>> = {
  pass: "✓",
  warning: "!",
  fail: "✗",
  "not-applicable": "–",
  info: "i",
};

function CheckList({ results, label }: { results: readonly CheckResult[]; label: string }) {
  return (
    <dl className="checks" aria-label={label}>
      {results.map((r) => (
        <div key={r.id} className={`check check-${r.status}`} data-check={r.id} data-status={r.status}>
          <dt>{r.label}</dt>
          <dd>
            <p className="check-result">
              <strong className={`check-status check-status-${r.status}`}>
                <span aria-hidden="true" className="check-icon">
                  {STATUS_ICONS[r.status]}
                </span>{" "}
                {STATUS_LABELS[r.status]}
                <span className="visually-hidden">:</span>
              </strong>{" "}
              {r.detail}
            </p>
            {r.fix && (
              <p className="check-fix">
                <strong>How to fix:</strong> {r.fix}
              </p>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type CopyState = "idle" | "copied" | "selected";

interface ClientInfo {
  pageUrl: string;
  userAgent: string;
  generatedAtMs: number;
}

/** /ConfigCheck (issue #4 item 8): the server part comes from the loader, the browser part runs after hydration. */
/** What the page reads of the root's data; the route module hands it over (the root sits above diagnostics). */
export interface RootFacts {
  buildId: string | undefined;
  username: string | null;
}

export function ConfigCheckPage({ root }: { root: RootFacts }) {
  const server = useLoaderData<typeof loadConfigCheck>();
  // The build this tab's code came from: later loader data may name a newer one (see usePageRuntime).
  const [pageBuildId] = useState(root.buildId);
  const serverUsername = root.username;
  const [hydrated, setHydrated] = useState(false);
  const [browser, setBrowser] = useState<CheckResult[] | null>(null);
  const [client, setClient] = useState<ClientInfo | null>(null);
  const [copy, setCopy] = useState<CopyState>("idle");
  const reportRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setHydrated(true);
    let cancelled = false;
    const loaderClock = { serverTimeMs: server.serverTimeMs, browserTimeMs: Date.now() };
    const deps = browserDependencies(getBrowserSession(), { serverUsername, pageBuildId, loaderClock });
    void runBrowserChecks(deps).then((results) => {
      if (cancelled) return;
      setBrowser(results);
      setClient({
        pageUrl: `${window.location.origin}${window.location.pathname}`,
        userAgent: navigator.userAgent,
        generatedAtMs: Date.now(),
      });
    });
    return () => {
      cancelled = true;
    };
    // Once per page: "Check again" reloads the page, so the server part is fresh too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const report = formatReport({
    generatedAtMs: client?.generatedAtMs ?? server.serverTimeMs,
    pageUrl: client?.pageUrl ?? PATHS.configCheck,
    userAgent: client?.userAgent,
    server: server.checks,
    browser,
  });
  const summary = summarizeChecks([...server.checks, ...(browser ?? [])]);
  const tone = !browser
    ? summary.failures
      ? "notice-error"
      : ""
    : summary.failures
      ? "notice-error"
      : summary.warnings
        ? "notice-warning"
        : "notice-success";

  async function copyReport() {
    try {
      await navigator.clipboard.writeText(report);
      setCopy("copied");
      return;
    } catch {
      // No clipboard access (an old browser, plain http, or permission refused): select the text instead.
    }
    const area = reportRef.current;
    let copied = false;
    if (area) {
      area.focus();
      area.select();
      try {
        copied = document.execCommand("copy");
      } catch {
        copied = false;
      }
    }
    setCopy(copied ? "copied" : "selected");
  }

  return (
    <div className="config-check">
      <h1>Check your browser</h1>
      <p className="lead">
        This page checks that your browser and the Metryka server work together. Every line says Pass, Warning, Fail,
        Not applicable or Info, and where something is wrong it says how to fix it.
      </p>

      <div className={`notice ${tone}`} data-testid="check-summary">
        <p role="status">
          <strong>Result:</strong>{" "}
          {browser
            ? summary.text
            : hydrated
              ? "Checking your browser…"
              : `On the server: ${summary.text.charAt(0).toLowerCase()}${summary.text.slice(1)} The browser checks have not run yet: they need JavaScript.`}
        </p>
      </div>

      <section aria-labelledby="browser-checks-heading" className="check-section">
        <h2 id="browser-checks-heading">Your browser</h2>
        {browser ? (
          <CheckList results={browser} label="Browser checks" />
        ) : (
          <p className="check-pending" data-state={hydrated ? "running" : "not-run"}>
            {hydrated ? "Checking cookies, storage, sign-in, clock and service worker…" : BROWSER_NOT_RUN}
          </p>
        )}
        <noscript>
          <div className="notice notice-warning">
            <p>
              <strong>JavaScript is off in this browser.</strong> Searching and signing in work without it, but the
              browser checks above cannot run and the site cannot keep itself up to date.
            </p>
            <p>
              <strong>How to fix:</strong> in your browser&apos;s settings, search for “JavaScript” and allow it for
              this website, then reload this page.
            </p>
          </div>
        </noscript>
      </section>

      <section aria-labelledby="server-checks-heading" className="check-section">
        <h2 id="server-checks-heading">The server</h2>
        <CheckList results={server.checks} label="Server checks" />
      </section>

      <section aria-labelledby="report-heading" className="check-section check-report">
        <h2 id="report-heading">Report for a support request</h2>
        <p>
          When you ask the society for help, copy this report into your message. It holds no password and nothing else
          secret.
        </p>
        <div className="field">
          <label htmlFor="config-report">Report text</label>
          <textarea
            id="config-report"
            ref={reportRef}
            readOnly
            rows={12}
            spellCheck={false}
            value={report}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <div className="form-actions">
          {hydrated && (
            <button type="button" className="btn btn-primary" onClick={() => void copyReport()}>
              Copy report
            </button>
          )}
          <Link to={PATHS.configCheck} reloadDocument className="btn btn-secondary">
            Check again
          </Link>
          <span role="status" className="copy-status">
            {copy === "copied"
              ? "Copied. Paste it into your message."
              : copy === "selected"
                ? "The report is selected: press Ctrl+C (⌘C on a Mac) to copy it."
                : ""}
          </span>
        </div>
      </section>
    </div>
  );
}
