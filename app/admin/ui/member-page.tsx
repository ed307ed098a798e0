import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ROLES, ROLE_LABELS, STATUSES, STATUS_LABELS } from "../forms";
import type { loadMemberPage, memberAction } from "../member.server";
import { Pager } from "~/listing/ui/result-controls";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { AuditTable } from "./audit-page";
import { MEMBERSHIP_LABELS } from "./members-page";
import { TermRow as Row } from "~/ui/term-row";
import { PATHS, adminMemberPath } from "~/routing/paths";

export function MemberPage() {
  const { member, isSelf, trail, notice } = useLoaderData<typeof loadMemberPage>();
  const actionData = useActionData<typeof memberAction>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: `member-${member.id}`,
    lastResult: actionData?.intent === "update" ? actionData.result : undefined,
    defaultValue: { role: member.role, status: member.status, expires: member.expiresOn ?? "" },
    shouldValidate: "onSubmit",
  });
  const buttonMessage = actionData && actionData.intent !== "update" ? actionData.message : null;
  return (
    <div className="admin">
      <p className="back-link">
        <Link to={PATHS.admin}>← Members</Link>
      </p>
      <h1>
        <span className="visually-hidden">Member </span>
        {member.username}
      </h1>
      <AdminNav />
      {notice && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      {buttonMessage && (
        <p className="notice notice-error" role="alert">
          {buttonMessage}
        </p>
      )}
      <section className="profile-section" aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        <dl className="dl-grid">
          <Row term="Username">{member.username}</Row>
          <Row term="E-mail">
            {member.email}{" "}
            {member.emailVerifiedAt ? (
              <span className="badge badge-ok">confirmed {member.emailVerifiedAt.slice(0, 10)}</span>
            ) : (
              <span className="badge badge-warning">not confirmed</span>
            )}
          </Row>
          <Row term="Name">{member.name || <span className="not-given">Not given</span>}</Row>
          <Row term="Membership">{MEMBERSHIP_LABELS[member.membership]}</Row>
          <Row term="Role">{ROLE_LABELS[member.role]}</Row>
          <Row term="Expires">{member.expiresOn ?? "No expiry"}</Row>
          <Row term="Research surnames">{member.researchSurnames || <span className="not-given">None</span>}</Row>
          <Row term="Joined">{formatTimestamp(member.joined)}</Row>
          <Row term="Last changed">{formatTimestamp(member.updated)}</Row>
        </dl>
      </section>

      <section className="profile-section" aria-labelledby="change-heading">
        <h2 id="change-heading">Role, status and expiry</h2>
        {isSelf && (
          <p className="field-hint">
            This is your own account: you cannot remove your administrator role, suspend yourself or end your own
            membership, so the society always keeps an administrator.
          </p>
        )}
        <Form method="post" className="stacked-form admin-form" {...getFormProps(form)}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="update" />
          <div className="field">
            <label htmlFor={fields.role.id}>Role</label>
            <select
              {...getSelectProps(fields.role)}
              key={fields.role.key}
              aria-describedby={fields.role.errors ? fields.role.errorId : undefined}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            {fields.role.errors && (
              <p className="field-error" id={fields.role.errorId}>
                {fields.role.errors.join(" ")}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={fields.status.id}>Status</label>
            <select
              {...getSelectProps(fields.status)}
              key={fields.status.key}
              aria-describedby={fields.status.errors ? fields.status.errorId : undefined}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
            {fields.status.errors && (
              <p className="field-error" id={fields.status.errorId}>
                {fields.status.errors.join(" ")}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={fields.expires.id}>Membership expires on</label>
            <input
              {...getInputProps(fields.expires, { type: "date" })}
              key={fields.expires.key}
              aria-describedby={[`${fields.expires.id}-hint`, fields.expires.errors ? fields.expires.errorId : ""]
                .filter(Boolean)
                .join(" ")}
            />
            <p className="field-hint" id={`${fields.expires.id}-hint`}>
              Leave empty for a membership that does not expire.
            </p>
            {fields.expires.errors && (
              <p className="field-error" id={fields.expires.errorId}>
                {fields.expires.errors.join(" ")}
              </p>
            )}
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save changes
            </button>
          </div>
        </Form>
      </section>

      <section className="profile-section" aria-labelledby="actions-heading">
        <h2 id="actions-heading">Sign-ins and e-mail</h2>
        <div className="admin-actions">
          {!member.emailVerifiedAt && (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <button type="submit" name="intent" value="resend" className="btn btn-secondary" disabled={busy}>
                Resend the confirmation e-mail
              </button>
            </Form>
          )}
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <button type="submit" name="intent" value="signout" className="btn btn-secondary" disabled={busy}>
              Sign out everywhere
            </button>
          </Form>
        </div>
      </section>

      <section className="profile-section" aria-labelledby="trail-heading">
        <h2 id="trail-heading">Audit trail</h2>
        {trail.total === 0 ? (
          <p>Nothing has been recorded for this account.</p>
        ) : (
          <>
            <AuditTable rows={trail.rows} label="Audit trail of this account" />
            <Pager
              page={trail.page}
              pageCount={trail.pageCount}
              label="Audit trail pages"
              href={(page) => `${adminMemberPath(member.id)}?trailPage=${page}#trail-heading`}
            />
          </>
        )}
      </section>
    </div>
  );
}
