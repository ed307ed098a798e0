import { useState } from "react";
import { useTranslation } from "~/i18n/react";

/** A ready-made citation with a copy button; the text stays selectable where the clipboard is refused. */
export function Citation({ text, heading }: { text: string; heading?: string }) {
  const { t } = useTranslation("records");
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <section className="citation" aria-labelledby="cite-heading">
      <h2 id="cite-heading">{heading ?? t("citation.heading")}</h2>
      <label htmlFor="citation-text" className="visually-hidden">
        {t("citation.label")}
      </label>
      <textarea id="citation-text" readOnly value={text} rows={4} onFocus={(e) => e.currentTarget.select()} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {t("citation.copy")}
        </button>
        <span role="status" aria-live="polite">
          {copied === "copied" ? t("citation.copied") : copied === "failed" ? t("citation.copyFailed") : ""}
        </span>
      </div>
    </section>
  );
}
