import type { ReactNode } from "react";

/** A form field's box with its label: the control (named `name`) and its message come as children. */
export function LabelledField({ name, label, children }: { name: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {children}
    </div>
  );
}
