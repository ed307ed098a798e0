import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminNav } from "~/admin/ui/admin-nav";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import type { loadNewImportPage, newImportAction } from "../pages.server";

export function NewImportPage() {
  const { destinations, chosen, uploadMaxMb } = useLoaderData<typeof loadNewImportPage>();
  const refused = useActionData<typeof newImportAction>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("imports");
  const { number } = useFormat();
  const errors = refused?.errors ?? {};
  const [sizeError, setSizeError] = useState<string | null>(null);
  const fileError = sizeError ?? errors.file;
  const groups = [...new Set(destinations.map((d) => d.group))];
  return (
    <div className="admin">
      <h1>{t("new.heading")}</h1>
      <AdminNav />
      <Form method="post" encType="multipart/form-data" className="import-form" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <div className="field">
          <label htmlFor="collection">{t("new.collection")}</label>
          <select
            id="collection"
            name="collection"
            defaultValue={refused?.values.collection || chosen}
            required
            aria-invalid={errors.collection ? true : undefined}
            aria-describedby={errors.collection ? "collection-error" : undefined}
          >
            <option value="">{t("new.chooseCollection")}</option>
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
          <label htmlFor="file">{t("new.file")}</label>
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
                  ? t("new.tooLarge", { count: uploadMaxMb, mb: number(uploadMaxMb) })
                  : null,
              );
            }}
          />
          <p className="hint" id="file-hint">
            {t("new.fileHint", { mb: number(uploadMaxMb) })}
          </p>
          {fileError && (
            <p className="field-error" id="file-error">
              {fileError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !!sizeError}>
          {busy ? t("new.uploading") : t("new.submit")}
        </button>
      </Form>
    </div>
  );
}
