import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";

/**
 * Approve and Reject (with an optional reason, kept in the audit log) for one thing waiting on the approvals
 * page: a sign-up or a member's family tree. Each button posts `intent` with the thing's id under `idName`.
 */
export function ApprovalActions({
  idName,
  id,
  intents,
  subject,
  reasonId,
  maxReason,
  reasonError,
  busy,
}: {
  idName: string;
  id: number;
  intents: { approve: string; reject: string };
  /** What the buttons name after "Approve" and "Reject", for a screen reader among many. */
  subject: ReactNode;
  reasonId: string;
  maxReason: number;
  reasonError: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation("trees");
  return (
    <div className="admin-actions">
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name={idName} value={id} />
        <button type="submit" name="intent" value={intents.approve} className="btn btn-primary" disabled={busy}>
          {t("approval.approve")} {subject}
        </button>
      </Form>
      <Form method="post" className="reject-form">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name={idName} value={id} />
        <div className="field">
          <label htmlFor={reasonId}>{t("approval.reason")}</label>
          <input
            id={reasonId}
            name="reason"
            type="text"
            maxLength={maxReason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
          />
          {reasonError && (
            <p className="field-error" id={`${reasonId}-error`}>
              {reasonError}
            </p>
          )}
        </div>
        <button type="submit" name="intent" value={intents.reject} className="btn btn-secondary" disabled={busy}>
          {t("approval.reject")} {subject}
        </button>
      </Form>
    </div>
  );
}
