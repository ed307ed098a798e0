import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PATHS } from "~/routing/paths";

/** The administration area's own links, on every admin page. */
export function AdminNav() {
  const { t } = useTranslation("admin");
  const items = [
    { to: PATHS.admin, label: t("nav.members"), end: true },
    { to: PATHS.adminApprovals, label: t("nav.approvals"), end: false },
    { to: PATHS.adminPages, label: t("nav.pages"), end: false },
    { to: PATHS.adminImports, label: t("nav.imports"), end: false },
    { to: PATHS.adminAudit, label: t("nav.audit"), end: false },
  ];
  return (
    <nav className="admin-nav" aria-label={t("nav.label")}>
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
