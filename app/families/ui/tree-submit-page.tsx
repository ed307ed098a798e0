import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PATHS } from "~/routing/paths";
import type { loadSubmitPage, submitAction } from "../trees-pages.server";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";

const FILE_INPUT = { type: "file", accept: ".ged,.gedcom,text/plain" } as const;
const TITLE_INPUT = { type: "text" } as const;

/** /members/genealogy/submit: a member's GEDCOM upload, a new tree or a newer file of one of theirs. */
export function TreeSubmitPage() {
  const { replaces, uploadMaxMb, maxPeople, maxTitle, searchPath } = useLoaderData<typeof loadSubmitPage>();
  const refused = useActionData<typeof submitAction>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("trees");
  const format = useFormat();
  const errors = refused?.errors ?? {};
  const [sizeError, setSizeError] = useState<string | null>(null);
  const fileError = sizeError ?? errors.file;
  const problems = errors.problems ?? [];
  const describedBy = ["file-hint", fileError && "file-error", problems.length && "file-problems"].filter(Boolean);
  return (
    <>
      <p className="breadcrumb">
        <Link to={searchPath}>{t("database")}</Link> › <Link to={PATHS.myTrees}>{t("myTrees.breadcrumb")}</Link> ›{" "}
        {replaces ? t("submit.breadcrumbReplace") : t("submit.breadcrumb")}
      </p>
      <h1>{replaces ? t("submit.headingReplace", { title: replaces.title }) : t("submit.heading")}</h1>
      <p className="lead">{replaces ? t("submit.leadReplace") : t("submit.lead")}</p>
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <AuthenticityTokenInput name="csrf" />
        {replaces && <input type="hidden" name="replaces" value={replaces.id} />}
        <div className="field">
          <label htmlFor="title">{t("submit.title")}</label>
          <input
            id="title"
            name="title"
            {...TITLE_INPUT}
            required
            maxLength={maxTitle}
            defaultValue={refused?.values.title || replaces?.title || ""}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={`title-hint${errors.title ? " title-error" : ""}`}
          />
          <p className="hint" id="title-hint">
            {t("submit.titleHint")}
          </p>
          {errors.title && (
            <p className="field-error" id="title-error">
              {errors.title}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="file">{t("submit.file")}</label>
          <input
            id="file"
            name="file"
            {...FILE_INPUT}
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={describedBy.join(" ")}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setSizeError(
                file && file.size > uploadMaxMb * 1024 * 1024 ? t("submit.tooLarge", { mb: uploadMaxMb }) : null,
              );
            }}
          />
          <p className="hint" id="file-hint">
            {t("submit.fileHint", { mb: uploadMaxMb, people: format.number(maxPeople) })}
          </p>
          {fileError && (
            <p className="field-error" id="file-error">
              {fileError}
            </p>
          )}
          {problems.length > 0 && <GedcomProblems id="file-problems" problems={problems} more={errors.more ?? 0} />}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !!sizeError}>
          {busy ? t("submit.uploading") : replaces ? t("submit.uploadNewer") : t("submit.upload")}
        </button>
      </Form>
    </>
  );
}

/** A refused file's errors, by line, and how many more there are. */
export function GedcomProblems({
  id,
  problems,
  more,
}: {
  id?: string;
  problems: { line: number; message: string }[];
  more: number;
}) {
  const { t } = useTranslation("trees");
  return (
    <div className="gedcom-problems" id={id}>
      <ol>
        {problems.map((p, i) => (
          <li key={i}>{p.line > 0 ? t("problems.line", { line: p.line, message: p.message }) : p.message}</li>
        ))}
      </ol>
      {more > 0 && <p>{t("problems.more", { count: more })}</p>}
    </div>
  );
}
