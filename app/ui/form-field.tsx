import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { type ReactNode, useEffect, useState } from "react";

/**
 * A labelled text input or textarea bound to a conform field, with its hint
 * and its errors beside it, both tied to the control for screen readers.
 */
export function FormField({
  field,
  label,
  hint,
  multiline,
  type = "text",
  autoComplete,
  resetKey,
  children,
}: {
  field: FieldMetadata<string | undefined>;
  label: ReactNode;
  hint?: ReactNode;
  multiline?: boolean;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  /** Changing it remounts the control empty (password fields after a failed attempt). */
  resetKey?: number;
  children?: ReactNode;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, field.errors ? field.errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {multiline ? (
        <textarea {...getTextareaProps(field)} key={field.key} rows={4} aria-describedby={describedBy} />
      ) : (
        <input
          {...getInputProps(field, { type })}
          key={`${field.key}-${resetKey ?? 0}`}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
        />
      )}
      {children}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {field.errors ? (
        <p className="field-error" id={field.errorId}>
          {field.errors.join(" ")}
        </p>
      ) : null}
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

/**
 * A number that changes after every answered submission: as a FormField's
 * resetKey it remounts password fields empty, because passwords are never
 * sent back and must not linger in the page after a failed attempt.
 */
export function useAttemptKey(lastResult: unknown): number {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (lastResult) setAttempt((n) => n + 1);
  }, [lastResult]);
  return attempt;
}
