import { NavLink } from "@remix-run/react";
import { PATHS } from "~/routing/paths";

/** The administration area's own links, on every admin page. */
export function AdminNav() {
  const items = [
    { to: PATHS.admin, label: "Members", end: true },
    { to: PATHS.adminApprovals, label: "Approvals", end: false },
    { to: PATHS.adminPages, label: "Content pages", end: false },
    { to: PATHS.adminImports, label: "Imports", end: false },
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

/** yyyy-mm-ddThh:mm… as "yyyy-mm-dd hh:mm" UTC, the same on server and browser. */
export const formatTimestamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
