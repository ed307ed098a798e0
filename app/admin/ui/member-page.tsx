import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ROLES, STATUSES } from "../forms";
import { useTranslation } from "~/i18n/react";
import type { loadMemberPage, memberAction } from "../member.server";
import { Pager } from "~/listing/ui/result-controls";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { AuditTable } from "./audit-page";
import { membershipLabel, roleLabel } from "./members-page";
import { TermRow as Row } from "~/ui/term-row";
import { PATHS, adminMemberPath } from "~/routing/paths";

const DATE_INPUT = { type: "date" } as const;

export function MemberPage() {
  const { member, isSelf, trail, notice } = useLoaderData<typeof loadMemberPage>();
  const actionData = useActionData<typeof memberAction>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("admin");
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
        <Link to={PATHS.admin}>{t("member.back")}</Link>
      </p>
      <h1>
        <span className="visually-hidden">{t("member.hidden")} </span>
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
        <h2 id="account-heading">{t("member.account")}</h2>
        <dl className="dl-grid">
          <Row term={t("members.column.username")}>{member.username}</Row>
          <Row term={t("members.column.email")}>
            {member.email}{" "}
            {member.emailVerifiedAt ? (
              <span className="badge badge-ok">
                {t("member.confirmed", { day: member.emailVerifiedAt.slice(0, 10) })}
              </span>
            ) : (
              <span className="badge badge-warning">{t("member.notConfirmed")}</span>
            )}
          </Row>
          <Row term={t("members.column.name")}>
            {member.name || <span className="not-given">{t("member.notGiven")}</span>}
          </Row>
          <Row term={t("member.membership")}>{membershipLabel(t, member.membership)}</Row>
          <Row term={t("members.role")}>{roleLabel(t, member.role)}</Row>
          <Row term={t("members.column.expiry")}>{member.expiresOn ?? t("members.expiry.none")}</Row>
          <Row term={t("member.surnames")}>
            {member.researchSurnames || <span className="not-given">{t("member.none")}</span>}
          </Row>
          <Row term={t("members.column.joined")}>{formatTimestamp(member.joined)}</Row>
          <Row term={t("member.changed")}>{formatTimestamp(member.updated)}</Row>
        </dl>
      </section>

      <section className="profile-section" aria-labelledby="change-heading">
        <h2 id="change-heading">{t("member.change")}</h2>
        {isSelf && <p className="field-hint">{t("member.self")}</p>}
        <Form method="post" className="stacked-form admin-form" {...getFormProps(form)}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="update" />
          <div className="field">
            <label htmlFor={fields.role.id}>{t("members.role")}</label>
            <select
              {...getSelectProps(fields.role)}
              key={fields.role.key}
              aria-describedby={fields.role.errors ? fields.role.errorId : undefined}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(t, r)}
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
            <label htmlFor={fields.status.id}>{t("members.status")}</label>
            <select
              {...getSelectProps(fields.status)}
              key={fields.status.key}
              aria-describedby={fields.status.errors ? fields.status.errorId : undefined}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
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
            <label htmlFor={fields.expires.id}>{t("member.expiresOn")}</label>
            <input
              {...getInputProps(fields.expires, DATE_INPUT)}
              key={fields.expires.key}
              aria-describedby={[`${fields.expires.id}-hint`, fields.expires.errors ? fields.expires.errorId : ""]
                .filter(Boolean)
                .join(" ")}
            />
            <p className="field-hint" id={`${fields.expires.id}-hint`}>
              {t("member.expiresHint")}
            </p>
            {fields.expires.errors && (
              <p className="field-error" id={fields.expires.errorId}>
                {fields.expires.errors.join(" ")}
              </p>
            )}
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t("member.save")}
            </button>
          </div>
        </Form>
      </section>

      <section className="profile-section" aria-labelledby="actions-heading">
        <h2 id="actions-heading">{t("member.signIns")}</h2>
        <div className="admin-actions">
          {!member.emailVerifiedAt && (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <button type="submit" name="intent" value="resend" className="btn btn-secondary" disabled={busy}>
                {t("member.resend")}
              </button>
            </Form>
          )}
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <button type="submit" name="intent" value="signout" className="btn btn-secondary" disabled={busy}>
              {t("member.signOut")}
            </button>
          </Form>
        </div>
      </section>

      <section className="profile-section" aria-labelledby="trail-heading">
        <h2 id="trail-heading">{t("member.trail")}</h2>
        {trail.total === 0 ? (
          <p>{t("member.nothing")}</p>
        ) : (
          <>
            <AuditTable rows={trail.rows} label={t("member.trailLabel")} />
            <Pager
              page={trail.page}
              pageCount={trail.pageCount}
              label={t("member.trailPager")}
              href={(page) => `${adminMemberPath(member.id)}?trailPage=${page}#trail-heading`}
            />
          </>
        )}
      </section>
    </div>
  );
}
