import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminNav } from "~/admin/ui/admin-nav";
import type { loadNewImportPage, newImportAction } from "../pages.server";

export function NewImportPage() {
  const { destinations, chosen, uploadMaxMb } = useLoaderData<typeof loadNewImportPage>();
  const refused = useActionData<typeof newImportAction>();
  const busy = useNavigation().state === "submitting";
  const errors = refused?.errors ?? {};
  const [sizeError, setSizeError] = useState<string | null>(null);
  const fileError = sizeError ?? errors.file;
  const groups = [...new Set(destinations.map((d) => d.group))];
  return (
    <div className="admin">
      <h1>New import</h1>
      <AdminNav />
      <Form method="post" encType="multipart/form-data" className="import-form" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <div className="field">
          <label htmlFor="collection">Import into</label>
          <select
            id="collection"
            name="collection"
            defaultValue={refused?.values.collection || chosen}
            required
            aria-invalid={errors.collection ? true : undefined}
            aria-describedby={errors.collection ? "collection-error" : undefined}
          >
            <option value="">Choose a collection or a place index…</option>
            {groups.map((g) => (
              <optgroup key={g} label={g}>
                {destinations
                  .filter((d) => d.group === g)
                  .map((d) => (
                    <option key={d.value} value={d.value}>
                      {d.title}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          {errors.collection && (
            <p className="field-error" id="collection-error">
              {errors.collection}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="file">File (CSV or Excel)</label>
          <input
            id="file"
            name="file"
            type="file"
            accept=".csv,.txt,.tsv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`file-hint${fileError ? " file-error" : ""}`}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              setSizeError(
                file && file.size > uploadMaxMb * 1024 * 1024
                  ? `The file is larger than ${uploadMaxMb} MB, the most an upload may be. Split it, or load it with the command line (npm run import).`
                  : null,
              );
            }}
          />
          <p className="hint" id="file-hint">
            A header row, then one record per row. CSV: comma, semicolon or tab between the fields, UTF-8 or a Windows
            code page (recognised). Excel: an .xlsx workbook (the first sheet; another can be chosen). At most{" "}
            {uploadMaxMb} MB.
          </p>
          {fileError && (
            <p className="field-error" id="file-error">
              {fileError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !!sizeError}>
          {busy ? "Uploading…" : "Upload and read the file"}
        </button>
      </Form>
    </div>
  );
}
