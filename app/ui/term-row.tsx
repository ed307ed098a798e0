import type { ReactNode } from "react";

/** A term and its value in a description list (`<dl>`): the member pages' details. */
export function TermRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
