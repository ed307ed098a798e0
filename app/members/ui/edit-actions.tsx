import { Link, useNavigation } from "@remix-run/react";
import { PATHS } from "~/routing/paths";
import { useTranslation } from "~/i18n/react";

/** The buttons under every profile edit form: save (busy while the form is sent) and back without saving. */
export function EditActions({ label, busyLabel }: { label: string; busyLabel?: string }) {
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("members");
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? (busyLabel ?? t("edit.saving")) : label}
      </button>
      <Link to={PATHS.profile} className="btn btn-secondary">
        {t("edit.cancel")}
      </Link>
    </div>
  );
}
