import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";

/**
 * A labelled text input bound to a conform field: the label, the control,
 * an optional hint and the field's errors beside it, tied together with
 * aria-describedby so screen readers read the error with the field.
 */
export function ConformField({
  meta,
  label,
  type = "text",
  hint,
  autoComplete,
  inputKey,
}: {
  meta: FieldMetadata<string | undefined>;
  label: ReactNode;
  type?: "text" | "email" | "password" | "tel";
  hint?: ReactNode;
  autoComplete?: string;
  /** Changing it remounts the input empty (passwords after a failed attempt). */
  inputKey?: string | number;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input {...props} key={`${meta.key ?? ""}-${inputKey ?? ""}`} autoComplete={autoComplete} spellCheck={false} />
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {meta.errors && (
        <p className="field-error" id={meta.errorId}>
          {meta.errors.join(" ")}
        </p>
      )}
    </div>
  );
}

/** The form-level errors of a conform form, announced. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div className="notice notice-error" role="alert" id={id}>
      {errors.join(" ")}
    </div>
  );
}
