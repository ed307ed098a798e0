import { Link } from "@remix-run/react";
import { formatCount } from "~/ui/format";

/**
 * The parts every result list shares: removable criteria chips, sortable
 * column headers and page links. All are plain links carrying the search's
 * own URL parameters (`query`, without page or sort), so they work without
 * JavaScript.
 */
export interface ResultPaging {
  /** The search's URL parameters, first page, without the sort order. */
  query: string;
  page: number;
  pageCount: number;
}

/** The sort after clicking a column: the column first, flipped when it already was first. */
export function sortHref(query: string, current: string, column: string): string {
  const keys = current.split(",").filter(Boolean);
  const primary = keys[0];
  let next: string[];
  if (primary === column) next = [`-${column}`, ...keys.slice(1)];
  else if (primary === `-${column}`) next = [column, ...keys.slice(1)];
  else next = [column, ...keys.filter((k) => k.replace(/^-/, "") !== column)].slice(0, 3);
  const params = new URLSearchParams(query);
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

function pageHref(query: string, page: number, sort: string): string {
  const params = new URLSearchParams(query);
  params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

export function SortHeader({
  query,
  sort,
  column,
  label,
}: {
  query: string;
  sort: string;
  column: string;
  label: string;
}) {
  return (
    <th scope="col" aria-sort={ariaSort(sort, column)}>
      <Link className="sort-link" to={sortHref(query, sort, column)}>
        {label}
      </Link>
    </th>
  );
}

export function CriteriaChips({ chips }: { chips: { label: string; removeHref: string }[] }) {
  if (chips.length === 0) return null;
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

export function Pagination({ result, sort }: { result: ResultPaging; sort: string }) {
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
            <Link to={pageHref(result.query, result.page - 1, sort)} rel="prev">
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
              <Link to={pageHref(result.query, p, sort)} aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {result.page < result.pageCount && (
          <li>
            <Link to={pageHref(result.query, result.page + 1, sort)} rel="next">
              Next ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** "3 members · showing 1–3", or the words for none, inside the caller's results heading. */
export function ResultCount({
  total,
  from,
  count,
  none,
  noun,
  lowerBound = false,
}: {
  total: number;
  /** The position of the first row shown (1-based) and how many rows are shown. */
  from: number;
  count: number;
  none: string;
  noun: [one: string, many: string];
  lowerBound?: boolean;
}) {
  if (total === 0) return <>{none}</>;
  return (
    <>
      {`${lowerBound ? "More than " : ""}${formatCount(total)} ${total === 1 ? noun[0] : noun[1]}`}
      <span className="results-range">
        {" "}
        · showing {formatCount(from)}–{formatCount(from + count - 1)}
      </span>
    </>
  );
}

/** Said when the page asked for is past the end and the last page is shown instead. */
export function CorrectedPageNotice({ asked, page }: { asked: number | null | undefined; page: number }) {
  if (asked === undefined || asked === null) return null;
  return (
    <p className="notice" role="status">
      There is no page {asked}; this is the last page, {page}.
    </p>
  );
}
