import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";

/**
 * A labelled text input or textarea of a profile form, with its hint and its
 * errors beside it and both tied to the control for screen readers.
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
  label: string;
  hint?: ReactNode;
  multiline?: boolean;
  type?: "text" | "tel" | "password";
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
