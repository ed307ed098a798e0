import { Link } from "@remix-run/react";

/**
 * The results' page links and sort links, shared by the record searches and
 * the place indexes. `query` is the search's URL parameters without sort and
 * page; the links are relative (`?…`), so they stay on the page that drew them.
 */

export function pageHref(query: string, page: number, sort: string): string {
  const params = new URLSearchParams(query);
  params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

/** Clicking the primary sort column reverses it; another column becomes primary, keeping at most three keys. */
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

/** The active search terms, each a link that removes it. */
export function Chips({ chips }: { chips: { label: string; removeHref: string }[] }) {
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

/** First, last and two pages either side of the current one, with gaps marked. */
export function Pagination({
  query,
  sort,
  page,
  pageCount,
}: {
  query: string;
  sort: string;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const pages = new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount]);
  const list = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Result pages">
      <ul>
        {page > 1 && (
          <li>
            <Link to={pageHref(query, page - 1, sort)} rel="prev">
              ‹ Previous
            </Link>
          </li>
        )}
        {list.map((p, i) => (
          <li key={p}>
            {i > 0 && list[i - 1] !== p - 1 && <span aria-hidden="true">…</span>}
            {p === page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <Link to={pageHref(query, p, sort)} aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={pageHref(query, page + 1, sort)} rel="next">
              Next ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
