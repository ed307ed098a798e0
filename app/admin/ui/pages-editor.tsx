import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/ui/form-field";
import type { editorAction, loadEditPage, loadNewPage, loadPagesList } from "../pages.server";
import { AdminNav, formatTimestamp } from "./admin-nav";
import { PATHS, contentPagePath, editPagePath } from "~/routing/paths";

export function PagesListPage() {
  const { pages, saved, deleted } = useLoaderData<typeof loadPagesList>();
  return (
    <div className="admin">
      <h1>Content pages</h1>
      <AdminNav />
      {saved && (
        <p className="notice notice-success" role="status">
          The page “{saved}” is saved.
        </p>
      )}
      {deleted && (
        <p className="notice notice-success" role="status">
          The page “{deleted}” is deleted.
        </p>
      )}
      <p>
        Research guides, journal issues and announcements for members, written in Markdown. A published page is read at
        /members/ followed by its address.
      </p>
      <p>
        <Link to={PATHS.adminPagesNew} className="btn btn-primary">
          New page
        </Link>
      </p>
      {pages.length === 0 ? (
        <p>There are no content pages yet.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Content pages">
          <table className="results admin-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">Published</th>
                <th scope="col">Updated</th>
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
                  <td>{p.published ? "Yes" : "No (draft)"}</td>
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
        <Link to={PATHS.adminPages}>← Content pages</Link>
      </p>
      <h1>{page ? `Edit “${page.title}”` : "New content page"}</h1>
      <AdminNav />
      {page && (
        <p className="field-hint">
          Last saved {formatTimestamp(page.updatedAt)}
          {page.published && (
            <>
              {" "}
              · read by members at <Link to={contentPagePath(page.slug)}>{contentPagePath(page.slug)}</Link>
            </>
          )}
        </p>
      )}
      <Form method="post" className="stacked-form page-editor" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="field">
          <label htmlFor={fields.title.id}>Title</label>
          <input
            {...getInputProps(fields.title, { type: "text" })}
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
          <label htmlFor={fields.slug.id}>Address</label>
          <input
            {...getInputProps(fields.slug, { type: "text" })}
            key={fields.slug.key}
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={describe(fields.slug, true)}
          />
          <p className="field-hint" id={`${fields.slug.id}-hint`}>
            The page is read at /members/ followed by this: lowercase letters, digits and hyphens, with / between parts
            (e.g. guides/volhynia-parishes).
          </p>
          {fields.slug.errors && (
            <p className="field-error" id={fields.slug.errorId}>
              {fields.slug.errors.join(" ")}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={fields.body.id}>Text (Markdown)</label>
          <textarea
            {...getTextareaProps(fields.body)}
            key={fields.body.key}
            rows={16}
            className="markdown-input"
            aria-describedby={describe(fields.body, true)}
          />
          <p className="field-hint" id={`${fields.body.id}-hint`}>
            Markdown: # for headings, *emphasis*, **strong**, [a link](https://example.org), - for lists. Raw HTML is
            shown as text.
          </p>
          {fields.body.errors && (
            <p className="field-error" id={fields.body.errorId}>
              {fields.body.errors.join(" ")}
            </p>
          )}
        </div>
        <div className="field-check">
          <input {...getInputProps(fields.published, { type: "checkbox" })} key={fields.published.key} />
          <label htmlFor={fields.published.id}>Published (members can read it)</label>
        </div>
        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
            Save
          </button>
          <button type="submit" name="intent" value="preview" className="btn btn-secondary" disabled={busy}>
            Preview
          </button>
          <Link to={PATHS.adminPages} className="btn btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>

      {preview && (
        <section className="page-preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview (not saved)</h2>
          <article className="content-page">
            <p className="preview-title">{preview.title}</p>
            {/* Rendered by markdown.server.ts, which escapes raw HTML and unsafe links. */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
          </article>
        </section>
      )}

      {page && (
        <section className="profile-section danger-zone" aria-labelledby="delete-heading">
          <h2 id="delete-heading">Delete this page</h2>
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
              <label htmlFor="confirm-delete">Yes, delete “{page.title}”; members can no longer read it.</label>
            </div>
            {confirmError && (
              <p className="field-error" id="confirm-delete-error">
                {confirmError}
              </p>
            )}
            <div className="form-actions">
              <button type="submit" name="intent" value="delete" className="btn btn-secondary" disabled={busy}>
                Delete page
              </button>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}
