import { Link } from "@remix-run/react";
import { useState } from "react";
import { formatCount } from "~/ui/format";

/**
 * Pieces every results page shares: the removable chips of the active
 * terms, sortable column headers, page links and the citation box. A
 * results page gives its query string (criteria without page and sort), the
 * current page and the page count.
 */
export interface Paged {
  query: string;
  page: number;
  pageCount: number;
}

export function sortHref(result: Pick<Paged, "query">, current: string, column: string): string {
  const keys = current.split(",").filter(Boolean);
  const primary = keys[0];
  let next: string[];
  if (primary === column) next = [`-${column}`, ...keys.slice(1)];
  else if (primary === `-${column}`) next = [column, ...keys.slice(1)];
  else next = [column, ...keys.filter((k) => k.replace(/^-/, "") !== column)].slice(0, 3);
  const params = new URLSearchParams(result.query);
  params.set("sort", next.join(","));
  params.delete("page");
  return `?${params}`;
}

export function ariaSort(current: string, column: string): "ascending" | "descending" | undefined {
  const primary = current.split(",")[0];
  if (primary === column) return "ascending";
  if (primary === `-${column}`) return "descending";
  return undefined;
}

function pageHref(result: Paged, page: number, sort: string): string {
  const params = new URLSearchParams(result.query);
  params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

export function SortHeader({
  result,
  sort,
  column,
  label,
}: {
  result: Paged;
  sort: string;
  column: string;
  label: string;
}) {
  return (
    <th scope="col" aria-sort={ariaSort(sort, column)}>
      <Link className="sort-link" to={sortHref(result, sort, column)}>
        {label}
      </Link>
    </th>
  );
}

export function Chips({ chips }: { chips: readonly { label: string; removeHref: string }[] }) {
  if (!chips.length) return null;
  return (
    <ul className="chips" aria-label="Active search terms">
      {chips.map((c) => (
        <li key={c.label}>
          <Link to={c.removeHref} className="chip" aria-label={`Remove ${c.label}`}>
            {c.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Pagination({ result, sort }: { result: Paged; sort: string }) {
  if (result.pageCount <= 1) return null;
  const pages = new Set([
    1,
    result.page - 2,
    result.page - 1,
    result.page,
    result.page + 1,
    result.page + 2,
    result.pageCount,
  ]);
  const list = [...pages].filter((p) => p >= 1 && p <= result.pageCount).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Result pages">
      <ul>
        {result.page > 1 && (
          <li>
            <Link to={pageHref(result, result.page - 1, sort)} rel="prev">
              ‹ Previous
            </Link>
          </li>
        )}
        {list.map((p, i) => (
          <li key={p}>
            {i > 0 && list[i - 1] !== p - 1 && <span aria-hidden="true">…</span>}
            {p === result.page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <Link to={pageHref(result, p, sort)} aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {result.page < result.pageCount && (
          <li>
            <Link to={pageHref(result, result.page + 1, sort)} rel="next">
              Next ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

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

/** The results heading ("1,234 people · showing 1–25") and the note when a page past the last was asked for. */
export function ResultsSummary({
  result,
  perPage,
  shown,
  noun,
  lowerBound = false,
}: {
  result: Paged & { total: number; correctedFromPage?: number };
  perPage: number;
  shown: number;
  noun: { one: string; many: string };
  lowerBound?: boolean;
}) {
  const from = (result.page - 1) * perPage + 1;
  const to = from + shown - 1;
  return (
    <>
      <h2 id="results-heading" aria-live="polite">
        {result.total === 0
          ? `No ${noun.many} found`
          : `${lowerBound ? "More than " : ""}${formatCount(result.total)} ${result.total === 1 ? noun.one : noun.many}`}
        {result.total > 0 && (
          <span className="results-range">
            {" "}
            · showing {formatCount(from)}–{formatCount(to)}
          </span>
        )}
      </h2>
      {result.correctedFromPage !== undefined && (
        <p className="notice" role="status">
          There is no page {result.correctedFromPage}; this is the last page, {result.page}.
        </p>
      )}
    </>
  );
}
