import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { getBrowserSession } from "~/auth/use-browser-session";
import { type CheckResult, type CheckStatus, summarizeChecks } from "../checks";
import { type TFunction, Trans, useTranslation } from "~/i18n/react";
import { browserDependencies, runBrowserChecks } from "../browser-checks";
import { formatReport } from "../report";
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

/**
 * The summary of the checks in the reader's words (the report keeps summarizeChecks' English). The check lines'
 * own label, finding and fix stay English: they are the report's, which goes to the society's support.
 */
function summaryText(t: TFunction, failures: number, warnings: number, within = false): string {
  // Within a sentence ("On the server: …") the two that start with a word have their own texts (no capital).
  if (failures === 0 && warnings === 0)
    return t(within ? "configCheck.summary.allWellWithin" : "configCheck.summary.allWell");
  if (failures === 0) {
    return t(within ? "configCheck.summary.warningsWithin" : "configCheck.summary.warnings", { count: warnings });
  }
  const failed = t("configCheck.summary.failures", { count: failures });
  return warnings === 0
    ? `${failed}.`
    : t("configCheck.summary.both", { failed, warnings: t("configCheck.summary.warningCount", { count: warnings }) });
}

function CheckList({ results, label }: { results: readonly CheckResult[]; label: string }) {
  const { t } = useTranslation("admin");
  return (
    <dl className="checks" aria-label={label}>
      {results.map((r) => (
        <div key={r.id} className={`check check-${r.status}`} data-check={r.id} data-status={r.status}>
          {/* The check's own words are the support report's, in English (the page's other words are the reader's). */}
          <dt lang="en">{r.label}</dt>
          <dd>
            <p className="check-result">
              <strong className={`check-status check-status-${r.status}`}>
                <span aria-hidden="true" className="check-icon">
                  {STATUS_ICONS[r.status]}
                </span>{" "}
                {statusWord(t, r.status)}
                <span className="visually-hidden">:</span>
              </strong>{" "}
              <span lang="en">{r.detail}</span>
            </p>
            {r.fix && (
              <p className="check-fix">
                <strong>{t("configCheck.howToFix")}</strong> <span lang="en">{r.fix}</span>
              </p>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A check's status in words: the words are the reader's; the shape beside them says it without colour. */
const statusWord = (t: TFunction, status: CheckStatus) => t(`configCheck.status.${status}`);

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
  const { t } = useTranslation("admin");

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
      <h1>{t("configCheck.heading")}</h1>
      <p className="lead">{t("configCheck.lead")}</p>

      <div className={`notice ${tone}`} data-testid="check-summary">
        <p role="status">
          <strong>{t("configCheck.result")}</strong>{" "}
          {browser
            ? summaryText(t, summary.failures, summary.warnings)
            : hydrated
              ? t("configCheck.checking")
              : t("configCheck.serverOnly", { summary: summaryText(t, summary.failures, summary.warnings, true) })}
        </p>
      </div>

      <section aria-labelledby="browser-checks-heading" className="check-section">
        <h2 id="browser-checks-heading">{t("configCheck.browser")}</h2>
        {browser ? (
          <CheckList results={browser} label={t("configCheck.browserLabel")} />
        ) : (
          <p className="check-pending" data-state={hydrated ? "running" : "not-run"}>
            {hydrated ? t("configCheck.checkingWhat") : t("configCheck.notRun")}
          </p>
        )}
        <noscript>
          <div className="notice notice-warning">
            <p>
              <Trans t={t} i18nKey="configCheck.noScript" components={{ strong: <strong /> }} />
            </p>
            <p>
              <strong>{t("configCheck.howToFix")}</strong> {t("configCheck.noScriptFix")}
            </p>
          </div>
        </noscript>
      </section>

      <section aria-labelledby="server-checks-heading" className="check-section">
        <h2 id="server-checks-heading">{t("configCheck.server")}</h2>
        <CheckList results={server.checks} label={t("configCheck.serverLabel")} />
      </section>

      <section aria-labelledby="report-heading" className="check-section check-report">
        <h2 id="report-heading">{t("configCheck.report")}</h2>
        <p>{t("configCheck.reportLead")}</p>
        <div className="field">
          <label htmlFor="config-report">{t("configCheck.reportText")}</label>
          <textarea
            id="config-report"
            ref={reportRef}
            readOnly
            rows={12}
            spellCheck={false}
            // The report is for the society's support, in English whatever the page's language.
            lang="en"
            value={report}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
        <div className="form-actions">
          {hydrated && (
            <button type="button" className="btn btn-primary" onClick={() => void copyReport()}>
              {t("configCheck.copy")}
            </button>
          )}
          <Link to={PATHS.configCheck} reloadDocument className="btn btn-secondary">
            {t("configCheck.again")}
          </Link>
          <span role="status" className="copy-status">
            {copy === "copied" ? t("configCheck.copied") : copy === "selected" ? t("configCheck.selected") : ""}
          </span>
        </div>
      </section>
    </div>
  );
}
