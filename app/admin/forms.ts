import { z } from "zod/v4";

/**
 * The administrators' forms (issue #3 item 9): shared by the server actions
 * and, where conform validates in the browser, by the pages. Checks that need
 * the database or the acting administrator (self-lockout, a slug already
 * taken) are made by the server after parsing.
 */

export const ROLES = ["member", "admin"] as const;
export const STATUSES = ["pending", "active", "suspended"] as const;

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written yyyy-mm-dd (2024-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const SINGLE_LINE = /^[^\p{Cc}]*$/u;

export const MAX_REASON_LENGTH = 500;

/** Role, status and membership expiry of one account; an empty expiry means none. */
export const memberUpdateSchema = z.object({
  role: z.enum(ROLES, { error: "Choose a role from the list." }),
  status: z.enum(STATUSES, { error: "Choose a status from the list." }),
  expires: z
    .string()
    .trim()
    .max(10, { error: "Use a date such as 2030-12-31, or leave it empty for no expiry." })
    .optional()
    .refine((v) => !v || isIsoDate(v), { error: "Use a date such as 2030-12-31, or leave it empty for no expiry." })
    .transform((v) => v || null),
});

export type MemberUpdate = z.output<typeof memberUpdateSchema>;

/** Rejecting a sign-up: the reason is optional and kept in the audit log. */
export const rejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(MAX_REASON_LENGTH, { error: `Use at most ${MAX_REASON_LENGTH} characters for the reason.` })
    .regex(SINGLE_LINE, { error: "Use a single line of ordinary text." })
    .optional()
    .transform((v) => v ?? ""),
});

export const TITLE_MAX = 200;
export const SLUG_MAX = 120;
export const BODY_MAX = 200_000;

/** A content page as the editor sends it; the slug's rules are checked again by the server (isValidSlug). */
export const contentPageSchema = z.object({
  title: z
    .string({ error: "Give the page a title." })
    .trim()
    .min(1, { error: "Give the page a title." })
    .max(TITLE_MAX, { error: `Use at most ${TITLE_MAX} characters for the title.` })
    .regex(SINGLE_LINE, { error: "Use a single line of ordinary text for the title." }),
  slug: z
    .string({ error: "Give the page an address." })
    .trim()
    .min(1, { error: "Give the page an address." })
    .max(SLUG_MAX, { error: `Use at most ${SLUG_MAX} characters for the address.` })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, {
      error: "Use lowercase letters, digits and hyphens (and / between parts), e.g. “guides/volhynia-parishes”.",
    }),
  body: z
    .string({ error: "Write the page's text." })
    .min(1, { error: "Write the page's text." })
    .max(BODY_MAX, { error: `The text is too long: at most ${BODY_MAX.toLocaleString("en")} characters.` }),
  published: z
    .boolean()
    .optional()
    .transform((v) => v === true),
});

export type ContentPageInput = z.output<typeof contentPageSchema>;
