import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCount } from "~/ui/format";
import { useTranslation } from "~/i18n/react";

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
  // Best match is an order of its own, never a tie-breaker behind a column.
  const keys = current.split(",").filter((k) => k && k !== "relevance");
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
  const { t } = useTranslation("search");
  if (chips.length === 0) return null;
  return (
    <ul className="chips" aria-label={t("chips.label")}>
      {chips.map((c) => (
        <li key={c.label}>
          <Link to={c.removeHref} className="chip" aria-label={t("chips.remove", { chip: c.label })}>
            {c.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Page links: first, the two either side of the current one, last. `href(n)` builds the link to page n. */
export function Pager({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label: string;
}) {
  const { t } = useTranslation("search");
  if (pageCount <= 1) return null;
  const wanted = new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount]);
  const list = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {t("pages.previous")}
            </Link>
          </li>
        )}
        {list.map((p, i) => (
          <li key={p}>
            {i > 0 && list[i - 1] !== p - 1 && <span aria-hidden="true">…</span>}
            {p === page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <Link to={href(p)} aria-label={t("pages.page", { page: p })}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} rel="next">
              {t("pages.next")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A search's page links, keeping its criteria and sort. */
export function Pagination({ result, sort }: { result: ResultPaging; sort: string }) {
  const { t } = useTranslation("search");
  return (
    <Pager
      page={result.page}
      pageCount={result.pageCount}
      href={(p) => pageHref(result.query, p, sort)}
      label={t("pages.label")}
    />
  );
}

export function ResultCount({
  total,
  from,
  count,
  none,
  noun,
  counted,
  lowerBound = false,
}: {
  total: number;
  /** The position of the first row shown (1-based) and how many rows are shown. */
  from: number;
  count: number;
  none: string;
  /** "1 record", "2 records" (English only: a page in the reader's language gives `counted`). */
  noun?: [one: string, many: string];
  /** The count with its noun in the reader's language: "2 rekordy", "5 rekordów". */
  counted?: (n: number) => string;
  lowerBound?: boolean;
}) {
  const { t } = useTranslation("search");
  if (total === 0) return <>{none}</>;
  const text = counted ? counted(total) : `${formatCount(total)} ${total === 1 ? noun?.[0] : noun?.[1]}`;
  return (
    <>
      {lowerBound ? t("results.moreThan", { text }) : text}
      <span className="results-range"> {t("results.showing", { from, to: from + count - 1 })}</span>
    </>
  );
}

/** Said when the page asked for is past the end and the last page is shown instead. */
export function CorrectedPageNotice({ asked, page }: { asked: number | null | undefined; page: number }) {
  const { t } = useTranslation("search");
  if (asked === undefined || asked === null) return null;
  return (
    <p className="notice" role="status">
      {t("pages.corrected", { asked, page })}
    </p>
  );
}

/**
 * The results part of a search page: chips, the count as the section's
 * heading (announced when it changes), a note, the corrected-page notice,
 * then the rows and page links, or what an empty result says.
 */
export function ResultsSection({
  result,
  perPage,
  sort,
  none,
  noun,
  counted,
  lowerBound,
  note,
  empty,
  className,
  after,
  children,
}: {
  result: ResultPaging & {
    total: number;
    rows: readonly unknown[];
    chips: { label: string; removeHref: string }[];
    correctedFromPage?: number | null;
  };
  perPage: number;
  sort: string;
  none: string;
  noun?: [one: string, many: string];
  /** The count with its noun in the reader's language (instead of `noun`). */
  counted?: (n: number) => string;
  lowerBound?: boolean;
  /** Said between the count and the rows (the centre of a radius search). */
  note?: ReactNode;
  /** What a search that found nothing says instead of the rows. */
  empty: ReactNode;
  /** A class for the block of rows, page links and `after` (a layout beside a map). */
  className?: string;
  /** After the page links: a map of the results. */
  after?: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  const rows = (
    <>
      {children}
      <Pagination result={result} sort={sort} />
      {after}
    </>
  );
  return (
    <section aria-labelledby="results-heading" className="results-section">
      <CriteriaChips chips={result.chips} />
      <h2 id="results-heading" aria-live="polite">
        <ResultCount
          total={result.total}
          from={(result.page - 1) * perPage + 1}
          count={result.rows.length}
          none={none}
          noun={noun}
          counted={counted}
          lowerBound={lowerBound}
        />
      </h2>
      {note}
      <CorrectedPageNotice asked={result.correctedFromPage} page={result.page} />
      {result.total === 0 ? empty : className ? <div className={className}>{rows}</div> : rows}
    </section>
  );
}

/**
 * Best match or another order, as plain links (no JavaScript needed); the current one is marked. An order is a
 * sort key: the current one is the first key of the sort, whichever way it runs.
 */
export function OrderChoice({
  query,
  sort,
  orders,
}: {
  query: string;
  sort: string;
  orders: readonly { order: string; label: string }[];
}) {
  const { t } = useTranslation("search");
  const first = sort.split(",")[0]?.replace(/^-/, "") ?? "";
  const href = (order: string) => {
    const params = new URLSearchParams(query);
    params.set("sort", order);
    params.delete("page");
    return `?${params}`;
  };
  return (
    <nav className="order-choice" aria-label={t("order.label")}>
      <span>{t("order.heading")}</span>
      <ul>
        {orders.map((o) => (
          <li key={o.order}>
            {first === o.order ? <span aria-current="true">{o.label}</span> : <Link to={href(o.order)}>{o.label}</Link>}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Why a result matched, per searched field, as a short list read with its row. */
export function MatchWhy({ why, label }: { why: readonly { field: string; text: string }[]; label: string }) {
  const { t } = useTranslation("search");
  return (
    <>
      <span className="why-label">{t("why.heading")}</span>{" "}
      <ul className="why" aria-label={label}>
        {why.map((w) => (
          <li key={w.field}>
            {w.field}: {w.text}
          </li>
        ))}
      </ul>
    </>
  );
}
