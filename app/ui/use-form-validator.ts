import type { Submission } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";
import type { $ZodType, input, output } from "zod/v4/core";

type Validate<Schema extends $ZodType> = (context: {
  formData: FormData;
}) => Submission<input<Schema>, string[], output<Schema>>;

/**
 * A public form's validation in the browser, imported when the visitor first focuses or touches the form
 * (decision 0043): zod and the form's schema are not part of the page's first download. Until they arrive conform
 * has no `onValidate`, so a form sent at once is checked by the server, which answers with the same schema's
 * messages (400 with the submission).
 *
 * `loadSchema` must import the schema's module dynamically (`() => import("../forms").then(…)`), or the page's
 * chunk carries it anyway; it is called once, from the first event.
 */
export function useFormValidator<Schema extends $ZodType>(
  loadSchema: () => Promise<Schema>,
): [validate: Validate<Schema> | undefined, load: () => void] {
  const [validate, setValidate] = useState<Validate<Schema>>();
  const requested = useRef(false);
  const load = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    Promise.all([import("./parse-form"), loadSchema()]).then(
      ([{ parseForm }, schema]) =>
        setValidate(
          () =>
            ({ formData }: { formData: FormData }) =>
              parseForm(formData, { schema }),
        ),
      // A chunk that failed (offline, a new build) is tried again on the next event; the server validates meanwhile.
      () => (requested.current = false),
    );
  }, [loadSchema]);
  return [validate, load];
}
