import { useState } from "react";

/** A ready-made citation with a copy button; the text stays selectable where the clipboard is refused. */
export function Citation({ text, heading = "Cite this record" }: { text: string; heading?: string }) {
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
      <h2 id="cite-heading">{heading}</h2>
      <label htmlFor="citation-text" className="visually-hidden">
        Citation text
      </label>
      <textarea id="citation-text" readOnly value={text} rows={4} onFocus={(e) => e.currentTarget.select()} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copy citation
        </button>
        <span role="status" aria-live="polite">
          {copied === "copied" ? "Copied." : copied === "failed" ? "Select the text and copy it with Ctrl+C." : ""}
        </span>
      </div>
    </section>
  );
}
