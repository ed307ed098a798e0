import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { useEventSource } from "remix-utils/sse/react";
import { formatCount } from "~/ui/format";
import type { ProgressView } from "../pages.server";

export const STATUS_LABELS: Record<string, string> = {
  uploaded: "Uploaded: to be checked",
  checking: "Checking",
  checked: "Checked: ready to import",
  importing: "Importing",
  imported: "Imported",
  undoing: "Undoing",
  undone: "Undone",
  failed: "Failed",
  discarded: "Discarded",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const PHASE_LABELS = { check: "Checking rows", import: "Importing rows", undo: "Undoing" } as const;

/** The bar, its figures and the words a screen reader announces now and then. */
export function ProgressBar({ view, label }: { view: ProgressView; label: string }) {
  const phase = view.phase ? PHASE_LABELS[view.phase] : "Done";
  return (
    <div className="import-progress">
      <p className="import-progress-label" id="import-progress-label">
        {phase}: {formatCount(view.done)} of {formatCount(view.total)} rows ({view.percent} %)
      </p>
      <progress value={view.percent} max={100} aria-labelledby="import-progress-label" aria-label={label} />
      <p className="import-progress-figures">
        {view.ratePerSecond !== null && <>{formatCount(view.ratePerSecond)} rows a second</>}
        {view.secondsLeft !== null && <> · about {duration(view.secondsLeft)} left</>}
      </p>
    </div>
  );
}

/**
 * The progress of a running batch, live from the server's events; when the batch stops running the page's data
 * is loaded again, so the result appears in place.
 */
export function LiveProgress({ eventsPath, initial }: { eventsPath: string; initial: ProgressView }) {
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
      <h2 id="progress-heading">Progress</h2>
      <ProgressBar view={view} label="Import progress" />
      <p className="hint">
        You may leave this page: the work goes on, and this page shows it again when you come back.
      </p>
    </section>
  );
}
