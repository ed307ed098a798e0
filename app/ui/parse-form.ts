import { type Submission, parse } from "@conform-to/react";
import { type $ZodType, type input, type output, safeParse } from "zod/v4/core";

/**
 * `parseWithZod` for the public forms' zod mini schemas (decision 0043), on the server and in the browser alike.
 *
 * @conform-to/zod rebuilds a schema with zod's full (classic) API to turn form text into numbers, booleans and
 * dates, which brought the whole of zod to the page even for a schema written with zod mini. The public forms
 * hold text only, so the one coercion they need is conform's for text: an empty field or an empty file counts as
 * not given. That is done on the submitted values instead, and the schema is run as written.
 *
 * The schemas' messages are English sentences, which are also their keys in the `forms` catalogs (issue 29):
 * `translate` gives each in the reader's language (app/i18n: `formMessages` on the server, the browser's i18next).
 */
export function parseForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  { schema, translate = (message) => message }: { schema: Schema; translate?: (message: string) => string },
): Submission<input<Schema>, string[], output<Schema>> {
  return parse(payload, {
    resolve(value) {
      const result = safeParse(schema, withoutEmptyValues(value));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(translate(issue.message));
      return { error };
    },
  }) as Submission<input<Schema>, string[], output<Schema>>;
}

/** Conform's name for a path: `a.b[0].c`; the form itself is "". */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    "",
  );
}

/** Empty text and empty file inputs as not given (undefined), at any depth. */
function withoutEmptyValues(value: unknown): unknown {
  if (value === "") return undefined;
  if (typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0) return undefined;
  if (Array.isArray(value)) return value.map(withoutEmptyValues);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutEmptyValues(item)]));
  }
  return value;
}
