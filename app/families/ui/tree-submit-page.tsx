import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { PATHS } from "~/routing/paths";
import type { loadSubmitPage, submitAction } from "../trees-pages.server";

/** /members/genealogy/submit: a member's GEDCOM upload, a new tree or a newer file of one of theirs. */
export function TreeSubmitPage() {
  const { replaces, uploadMaxMb, maxPeople, maxTitle, searchPath } = useLoaderData<typeof loadSubmitPage>();
  const refused = useActionData<typeof submitAction>();
  const busy = useNavigation().state === "submitting";
  const errors = refused?.errors ?? {};
  const [sizeError, setSizeError] = useState<string | null>(null);
  const fileError = sizeError ?? errors.file;
  const problems = errors.problems ?? [];
  const describedBy = ["file-hint", fileError && "file-error", problems.length && "file-problems"].filter(Boolean);
  return (
    <>
      <p className="breadcrumb">
        <Link to={searchPath}>Master Pedigree Database</Link> › <Link to={PATHS.myTrees}>Your trees</Link> ›{" "}
        {replaces ? "Replace" : "Submit"}
      </p>
      <h1>{replaces ? `A newer file of “${replaces.title}”` : "Submit your family tree"}</h1>
      <p className="lead">
        {replaces
          ? "The new file waits for an administrator, as the first did; until it is approved members see the tree as it is now. People whose GEDCOM id (such as @I12@) is the same in both files keep their numbers."
          : "Export your tree from your genealogy program as a GEDCOM file (.ged) and upload it here. An administrator looks at it before members can find its people; until then only you see them."}
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
        <AuthenticityTokenInput name="csrf" />
        {replaces && <input type="hidden" name="replaces" value={replaces.id} />}
        <div className="field">
          <label htmlFor="title">Title of the tree</label>
          <input
            id="title"
            name="title"
            type="text"
            required
            maxLength={maxTitle}
            defaultValue={refused?.values.title || replaces?.title || ""}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={`title-hint${errors.title ? " title-error" : ""}`}
          />
          <p className="hint" id="title-hint">
            The family and where it lived, for example “Kessler of Rożyszcze and Łódź”.
          </p>
          {errors.title && (
            <p className="field-error" id="title-error">
              {errors.title}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="file">GEDCOM file</label>
          <input
            id="file"
            name="file"
            type="file"
            accept=".ged,.gedcom,text/plain"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={describedBy.join(" ")}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setSizeError(
                file && file.size > uploadMaxMb * 1024 * 1024
                  ? `The file is larger than ${uploadMaxMb} MB, the most an upload may be.`
                  : null,
              );
            }}
          />
          <p className="hint" id="file-hint">
            GEDCOM 5.5 or 7.0, in any character set your program writes. At most {uploadMaxMb} MB and{" "}
            {maxPeople.toLocaleString("en")} people; a large file is read after the upload, and your trees page shows
            how far it is.
          </p>
          {fileError && (
            <p className="field-error" id="file-error">
              {fileError}
            </p>
          )}
          {problems.length > 0 && <GedcomProblems id="file-problems" problems={problems} more={errors.more ?? 0} />}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !!sizeError}>
          {busy ? "Uploading…" : replaces ? "Upload the newer file" : "Upload the tree"}
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
  return (
    <div className="gedcom-problems" id={id}>
      <ol>
        {problems.map((p, i) => (
          <li key={i}>
            {p.line > 0 ? `Line ${p.line}: ` : ""}
            {p.message}
          </li>
        ))}
      </ol>
      {more > 0 && <p>… and {more.toLocaleString("en")} more.</p>}
    </div>
  );
}
