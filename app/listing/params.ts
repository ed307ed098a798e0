import { z } from "zod/v4";
import { ENGLISH_SAY, type Say, type SayVars } from "./say";

/**
 * The URL parameters every search page shares (decision 0004: criteria live
 * in the URL): the limits on typed values, the page and page-size parameters,
 * and a reader that collects a message per parameter and keeps what was typed
 * so the form can show it again. A search never throws on its parameters.
 */

export const MAX_VALUE_LENGTH = 100;
export const PER_PAGE_CHOICES = [10, 25, 50] as const;
export type PerPage = (typeof PER_PAGE_CHOICES)[number];
export const DEFAULT_PER_PAGE: PerPage = 25;
/** The page sizes a form offers, as a fresh array for a loader's data. */
export const perPageChoices = (): number[] => [...PER_PAGE_CHOICES];
/** Page numbers beyond this are refused outright rather than computed. */
export const MAX_PAGE = 100_000;

const PAGE_RANGE_MESSAGE = `The page must be a whole number from 1 to ${MAX_PAGE.toLocaleString("en-GB")}.`;

/** Digits are checked apart from the range, so a page of many digits is told the real limit, not "a whole number". */
export const pageSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, { error: PAGE_RANGE_MESSAGE })
  .transform(Number)
  .pipe(z.number().min(1, { error: "Pages start at 1." }).max(MAX_PAGE, { error: PAGE_RANGE_MESSAGE }));

export const perPageSchema = z
  .string()
  .trim()
  .transform(Number)
  .pipe(
    z.union(
      PER_PAGE_CHOICES.map((n) => z.literal(n)),
      { error: `Show ${PER_PAGE_CHOICES.join(", ")} results per page.` },
    ),
  );

/** A typed search term: trimmed, bounded, with at least one letter or digit (or empty: not searched). */
export const termSchema = z
  .string()
  .trim()
  .max(MAX_VALUE_LENGTH, { error: `Please use at most ${MAX_VALUE_LENGTH} characters.` })
  .refine((s) => s === "" || /[\p{L}\p{N}]/u.test(s), { error: "Enter at least one letter." });

export function firstIssue(result: { error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? "This value is not valid.";
}

/** Reads one parameter, tolerating repeats (the first wins) and absent values. */
export function param(params: URLSearchParams, name: string): string | undefined {
  const v = params.get(name);
  return v === null ? undefined : v;
}

export type Messages = Record<string, string>;

/**
 * Reads a search's parameters one by one: `typed` keeps what the user typed
 * (bounded, to show again), `errors` collects one message per parameter.
 */
export class ParamReader {
  readonly errors: Messages = {};
  readonly values: Record<string, string> = {};

  /** `say` gives the messages in the reader's language (app/listing/say.ts); English without one. */
  constructor(
    readonly params: URLSearchParams,
    readonly say: Say = ENGLISH_SAY,
  ) {}

  /** The raw value, kept for the form; undefined when absent. */
  raw(name: string): string | undefined {
    const raw = param(this.params, name);
    if (raw !== undefined) this.values[name] = raw.slice(0, 2 * MAX_VALUE_LENGTH);
    return raw;
  }

  /** The raw value when it holds more than blanks, kept for the form. */
  typed(name: string): string | undefined {
    const raw = this.raw(name);
    return raw !== undefined && raw.trim() !== "" ? raw : undefined;
  }

  /** The value parsed by `schema`, or undefined (blank, absent, or a message recorded). */
  parse<T>(name: string, schema: z.ZodType<T, string>): T | undefined {
    const raw = this.typed(name);
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.errors[name] = this.say(firstIssue(parsed));
    return undefined;
  }

  /** Records `sentence` (an English sentence, a key of the `forms` catalogs) in the reader's language. */
  fail(name: string, sentence: string, vars?: SayVars): void {
    this.errors[name] = this.say(sentence, vars);
  }

  page(): number {
    // The page is not put back into the form: the form always starts at page 1.
    const raw = param(this.params, "page");
    if (raw === undefined || raw.trim() === "") return 1;
    const parsed = pageSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    this.errors.page = this.say(firstIssue(parsed));
    return 1;
  }

  perPage(): PerPage {
    return (this.parse("perPage", perPageSchema) as PerPage | undefined) ?? DEFAULT_PER_PAGE;
  }
}
