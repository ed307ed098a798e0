import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { useEventSource } from "remix-utils/sse/react";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import type { ProgressView } from "../pages.server";

/** The states a batch's badge names (app/imports/batches.server.ts); each is `status.<state>` in the catalog. */
const STATUSES = [
  "uploaded",
  "checking",
  "checked",
  "importing",
  "imported",
  "undoing",
  "undone",
  "failed",
  "discarded",
] as const;

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("imports");
  const known = (STATUSES as readonly string[]).includes(status);
  return <span className={`status-badge status-${status}`}>{known ? t(`status.${status}`) : status}</span>;
}

/** "42 s", "3 min 5 s", "1 h 12 min": the units in the reader's language. */
function useDuration(): (seconds: number) => string {
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  return (seconds) => {
    if (seconds < 60) return t("duration.seconds", { s: number(seconds) });
    const minutes = Math.floor(seconds / 60);
    return minutes < 60
      ? t("duration.minutes", { m: number(minutes), s: number(seconds % 60) })
      : t("duration.hours", { h: number(Math.floor(minutes / 60)), m: number(minutes % 60) });
  };
}

/** The bar, its figures and the words a screen reader announces now and then. */
export function ProgressBar({ view, label }: { view: ProgressView; label: string }) {
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  const duration = useDuration();
  const phase = view.phase ? t(`progress.phase.${view.phase}`) : t("progress.phase.done");
  return (
    <div className="import-progress">
      <p className="import-progress-label" id="import-progress-label">
        {t("progress.rows", {
          phase,
          done: number(view.done),
          total: number(view.total),
          percent: number(view.percent),
        })}
      </p>
      <progress value={view.percent} max={100} aria-labelledby="import-progress-label" aria-label={label} />
      <p className="import-progress-figures">
        {view.ratePerSecond !== null && (
          <>{t("progress.rate", { count: view.ratePerSecond, rate: number(view.ratePerSecond) })}</>
        )}
        {view.secondsLeft !== null && <> · {t("progress.left", { time: duration(view.secondsLeft) })}</>}
      </p>
    </div>
  );
}

/**
 * The progress of a running batch, live from the server's events; when the batch stops running the page's data
 * is loaded again, so the result appears in place.
 */
export function LiveProgress({ eventsPath, initial }: { eventsPath: string; initial: ProgressView }) {
  const { t } = useTranslation("imports");
  const message = useEventSource(eventsPath, { event: "progress" });
  const [view, setView] = useState(initial);
  const revalidator = useRevalidator();
  const reloaded = useRef(false);
  useEffect(() => {
    if (!message) return;
    const next = JSON.parse(message) as ProgressView;
    setView(next);
    if (!next.running && !reloaded.current) {
      reloaded.current = true;
      revalidator.revalidate();
    }
  }, [message, revalidator]);
  return (
    <section aria-labelledby="progress-heading" className="import-section">
      <h2 id="progress-heading">{t("progress.heading")}</h2>
      <ProgressBar view={view} label={t("progress.label")} />
      <p className="hint">{t("progress.leave")}</p>
    </section>
  );
}
