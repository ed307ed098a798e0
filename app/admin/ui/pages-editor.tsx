import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/ui/form-field";
import { Trans, useTranslation } from "~/i18n/react";
import type { editorAction, loadEditPage, loadNewPage, loadPagesList } from "../pages.server";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { PATHS, contentPagePath, editPagePath } from "~/routing/paths";

const TEXT_INPUT = { type: "text" } as const;
const CHECKBOX_INPUT = { type: "checkbox" } as const;

export function PagesListPage() {
  const { pages, saved, deleted } = useLoaderData<typeof loadPagesList>();
  const { t } = useTranslation("admin");
  return (
    <div className="admin">
      <h1>{t("pages.heading")}</h1>
      <AdminNav />
      {saved && (
        <p className="notice notice-success" role="status">
          {t("pages.saved", { title: saved })}
        </p>
      )}
      {deleted && (
        <p className="notice notice-success" role="status">
          {t("pages.deleted", { title: deleted })}
        </p>
      )}
      <p>{t("pages.lead")}</p>
      <p>
        <Link to={PATHS.adminPagesNew} className="btn btn-primary">
          {t("pages.new")}
        </Link>
      </p>
      {pages.length === 0 ? (
        <p>{t("pages.none")}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t("pages.heading")}>
          <table className="results admin-table">
            <thead>
              <tr>
                <th scope="col">{t("pages.title")}</th>
                <th scope="col">{t("pages.address")}</th>
                <th scope="col">{t("pages.published")}</th>
                <th scope="col">{t("pages.updated")}</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.slug}>
                  <td>
                    <Link to={editPagePath(p.slug)}>{p.title}</Link>
                  </td>
                  <td>
                    {p.published ? (
                      <Link to={contentPagePath(p.slug)}>{contentPagePath(p.slug)}</Link>
                    ) : (
                      contentPagePath(p.slug)
                    )}
                  </td>
                  <td>{p.published ? t("pages.yes") : t("pages.draft")}</td>
                  <td className="nowrap">{formatTimestamp(p.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

type Loaded =
  ReturnType<typeof useLoaderData<typeof loadEditPage>> | ReturnType<typeof useLoaderData<typeof loadNewPage>>;

/** The editor for a new page (`page` null) or an existing one, with preview and, for an existing page, delete. */
export function PageEditorPage() {
  const { page } = useLoaderData<typeof loadEditPage | typeof loadNewPage>() as Loaded;
  const actionData = useActionData<typeof editorAction>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: page ? `page-${page.slug}` : "page-new",
    lastResult: actionData?.result,
    defaultValue: page
      ? { title: page.title, slug: page.slug, body: page.body, published: page.published ? "on" : undefined }
      : { published: undefined },
    shouldValidate: "onSubmit",
  });
  const preview = actionData?.preview ?? null;
  const confirmError = actionData?.confirmError ?? null;
  const describe = (field: { id: string; errorId: string; errors?: string[] }, hint?: boolean) =>
    [hint ? `${field.id}-hint` : "", field.errors ? field.errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="admin">
      <p className="back-link">
        <Link to={PATHS.adminPages}>{t("pages.back")}</Link>
      </p>
      <h1>{page ? t("pages.edit", { title: page.title }) : t("pages.newHeading")}</h1>
      <AdminNav />
      {page && (
        <p className="field-hint">
          {t("pages.lastSaved", { when: formatTimestamp(page.updatedAt) })}
          {page.published && (
            <>
              {" "}
              ·{" "}
              <Trans
                t={t}
                i18nKey="pages.readAt"
                values={{ path: contentPagePath(page.slug) }}
                components={{ link: <Link to={contentPagePath(page.slug)} /> }}
              />
            </>
          )}
        </p>
      )}
      <Form method="post" className="stacked-form page-editor" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={fields.title.id}>{t("pages.title")}</label>
          <input
            {...getInputProps(fields.title, TEXT_INPUT)}
            key={fields.title.key}
            aria-describedby={describe(fields.title)}
          />
          {fields.title.errors && (
            <p className="field-error" id={fields.title.errorId}>
              {fields.title.errors.join(" ")}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={fields.slug.id}>{t("pages.address")}</label>
          <input
            {...getInputProps(fields.slug, TEXT_INPUT)}
            key={fields.slug.key}
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={describe(fields.slug, true)}
          />
          <p className="field-hint" id={`${fields.slug.id}-hint`}>
            {t("pages.slugHint")}
          </p>
          {fields.slug.errors && (
            <p className="field-error" id={fields.slug.errorId}>
              {fields.slug.errors.join(" ")}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={fields.body.id}>{t("pages.body")}</label>
          <textarea
            {...getTextareaProps(fields.body)}
            key={fields.body.key}
            rows={16}
            className="markdown-input"
            aria-describedby={describe(fields.body, true)}
          />
          <p className="field-hint" id={`${fields.body.id}-hint`}>
            {t("pages.bodyHint")}
          </p>
          {fields.body.errors && (
            <p className="field-error" id={fields.body.errorId}>
              {fields.body.errors.join(" ")}
            </p>
          )}
        </div>
        <div className="field-check">
          <input {...getInputProps(fields.published, CHECKBOX_INPUT)} key={fields.published.key} />
          <label htmlFor={fields.published.id}>{t("pages.publishedLabel")}</label>
        </div>
        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
            {t("pages.save")}
          </button>
          <button type="submit" name="intent" value="preview" className="btn btn-secondary" disabled={busy}>
            {t("pages.preview")}
          </button>
          <Link to={PATHS.adminPages} className="btn btn-secondary">
            {t("pages.cancel")}
          </Link>
        </div>
      </Form>

      {preview && (
        <section className="page-preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{t("pages.previewHeading")}</h2>
          <article className="content-page">
            <p className="preview-title">{preview.title}</p>
            {/* Rendered by markdown.server.ts, which escapes raw HTML and unsafe links. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </article>
        </section>
      )}

      {page && (
        <section className="profile-section danger-zone" aria-labelledby="delete-heading">
          <h2 id="delete-heading">{t("pages.deleteHeading")}</h2>
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <div className="field-check">
              <input
                id="confirm-delete"
                type="checkbox"
                name="confirm"
                value="yes"
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? "confirm-delete-error" : undefined}
              />
              <label htmlFor="confirm-delete">{t("pages.confirmDelete", { title: page.title })}</label>
            </div>
            {confirmError && (
              <p className="field-error" id="confirm-delete-error">
                {confirmError}
              </p>
            )}
            <div className="form-actions">
              <button type="submit" name="intent" value="delete" className="btn btn-secondary" disabled={busy}>
                {t("pages.delete")}
              </button>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}
