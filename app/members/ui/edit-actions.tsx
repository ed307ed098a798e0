import { Link, useNavigation } from "@remix-run/react";
import { PATHS } from "~/routing/paths";

/** The buttons under every profile edit form: save (busy while the form is sent) and back without saving. */
export function EditActions({ label, busyLabel = "Saving…" }: { label: string; busyLabel?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <Link to={PATHS.profile} className="btn btn-secondary">
        Cancel
      </Link>
    </div>
  );
}
