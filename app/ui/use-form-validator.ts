import { type Submission, parse } from "@conform-to/react";
import { useMemo, useRef, useState } from "react";
import type { $ZodType, input, output } from "zod/v4/core";
import { useTranslator } from "~/i18n/react";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import { FLAT_KEYS, FORMS_NAMESPACE } from "~/i18n/namespaces";

type Validate<Schema extends $ZodType> = (context: {
  formData: FormData;
}) => Submission<input<Schema>, string[], output<Schema>>;

/**
 * A public form's validation in the browser, imported when the visitor first focuses or touches the form
 * (decision 0043): zod and the form's schema are not part of the page's first download. Until they arrive a field
 * left or changed is not checked, and a form sent at once goes to the server, which answers with the same schema's
 * messages (400 with the submission).
 *
 * `loadSchema` must import the schema's module dynamically (`() => import("../forms").then(…)`), or the page's
 * chunk carries it anyway; it is called once, from the first event. Spread `loadOnUse` on the form.
 */
/**
 * conform's `onValidate` until the validation has arrived. Without any, conform would send every field left to the
 * server to be validated (a request per blur); with no errors for those intents nothing is sent, and an error of
 * `null` for the form itself lets conform send it to the server.
 */
function untilLoaded({ formData }: { formData: FormData }) {
  return parse(formData, { resolve: (_payload, intent) => ({ error: intent ? {} : null }) });
}

export function useFormValidator<Schema extends $ZodType>(
  loadSchema: () => Promise<Schema>,
): [validate: Validate<Schema>, loadOnUse: { onFocus: () => void; onPointerDown: () => void }] {
  const [validate, setValidate] = useState<Validate<Schema>>();
  const requested = useRef(false);
  const translator = useTranslator();
  const loadOnUse = useMemo(() => {
    // The messages are English sentences and their own keys: an English page needs no catalog for them.
    const english = translator.language === DEFAULT_LANGUAGE;
    const translate = (message: string) =>
      translator.t(FORMS_NAMESPACE, message, { ...FLAT_KEYS, defaultValue: message });
    const load = () => {
      if (requested.current) return;
      requested.current = true;
      const messages = english ? undefined : Promise.resolve().then(() => translator.whenLoaded([FORMS_NAMESPACE]));
      Promise.all([import("./parse-form"), loadSchema(), messages]).then(
        ([{ parseForm }, schema]) =>
          setValidate(
            () =>
              ({ formData }: { formData: FormData }) =>
                parseForm(formData, { schema, translate: english ? undefined : translate }),
          ),
        // A chunk that failed (offline, a new build) is tried again on the next event; the server validates meanwhile.
        () => (requested.current = false),
      );
    };
    return { onFocus: load, onPointerDown: load };
  }, [loadSchema, translator]);
  return [validate ?? (untilLoaded as Validate<Schema>), loadOnUse];
}
