import { Link, NavLink } from "@remix-run/react";
import { PATHS } from "~/routing/paths";

/** The administration area's own links, on every admin page. */
export function AdminNav() {
  const items = [
    { to: PATHS.admin, label: "Members", end: true },
    { to: PATHS.adminApprovals, label: "Approvals", end: false },
    { to: PATHS.adminPages, label: "Content pages", end: false },
    { to: PATHS.adminAudit, label: "Audit log", end: false },
  ];
  return (
    <nav className="admin-nav" aria-label="Administration">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
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
  if (pageCount <= 1) return null;
  const wanted = new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount]);
  const list = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev">
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
              <Link to={href(p)} aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} rel="next">
              Next ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The message beside a GET form's field, tied to it by id. */
export function ParamError({ errors, name }: { errors: Partial<Record<string, string>>; name: string }) {
  const message = errors[name];
  return message ? (
    <p className="field-error" id={`${name}-error`}>
      {message}
    </p>
  ) : null;
}

export const describedBy = (errors: Partial<Record<string, string>>, name: string) =>
  errors[name] ? `${name}-error` : undefined;

/** yyyy-mm-ddThh:mm… as "yyyy-mm-dd hh:mm" UTC, the same on server and browser. */
export const formatTimestamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
