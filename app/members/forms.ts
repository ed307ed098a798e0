import { z } from "zod/v4";
import { splitList } from "~/names/lists";
import { emailField, usernameField } from "~/auth/account-fields";
import { type PasswordOwner, passwordWeakness } from "~/auth/common-passwords";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/auth/password-rules";
import type { $ZodIssue } from "zod/v4/core";
import { LANGUAGES } from "~/i18n/languages";

/**
 * The profile forms (issue #3 item 8): one schema per form, used by the
 * server action and by conform in the browser. Checks that need the
 * database or the server-only country data are passed in by the server
 * (personalSchema's `places`) or made after parsing (current password,
 * username availability).
 */

export const PROFILE_LIMITS = {
  givenName: 100,
  surname: 100,
  addressLine: 200,
  city: 100,
  postalCode: 20,
  phone: 40,
  /** Region codes fall back to the region's name when the data has no short code. */
  regionCode: 120,
  /** One research surname or place. */
  listItem: 60,
  /** Research surnames or places in one list. */
  listItems: 50,
  /** The whole text of one list as typed: 50 items of 60 characters with separators fit easily. */
  listText: 5000,
} as const;

// Control characters (newlines included) have no place in a name or an address line.
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
const SINGLE_LINE_MESSAGE = "Use a single line of ordinary text.";

/**
 * A message with a value only the check knows (how many were listed, which item, which country). Its English
 * template, with `{{name}}` for each value, is its key in the `forms` catalogs (decision 0071 § 3); the issue carries
 * the template and values, and its message is the English sentence, as every other message is.
 */
export type MessageValues = Record<string, string | number>;

function fill(template: string, values: MessageValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

function issueWith(template: string, values: MessageValues, path?: string[]) {
  return {
    code: "custom" as const,
    message: fill(template, values),
    params: { template, values },
    ...(path && { path }),
  };
}

/**
 * conform's `formatError` for the profile forms: each message in the reader's language. `translate` looks a sentence
 * (or a template, with its values) up in the `forms` catalog and falls back to the English.
 */
export function translatedMessages(translate: (key: string, values?: MessageValues) => string) {
  return (issues: readonly $ZodIssue[]): string[] =>
    issues.map((issue) => {
      const params = (issue as { params?: { template?: unknown; values?: MessageValues } }).params;
      return typeof params?.template === "string"
        ? translate(params.template, params.values)
        : translate(issue.message);
    });
}

/** A trimmed single-line text; empty means "not given" unless a required message is passed. */
function text(label: string, max: number, required?: string) {
  const base = z
    .string({ error: required ?? `Enter ${label}.` })
    .trim()
    .max(max, { error: `Use at most ${max} characters for ${label}.` })
    .regex(SINGLE_LINE, { error: SINGLE_LINE_MESSAGE });
  return required ? base.min(1, { error: required }) : base.optional().transform((v) => v ?? "");
}

/** The stored form of a research list: its items joined by ", ". */
export function joinList(items: readonly string[]): string {
  return items.join(", ");
}

function researchList(noun: "surname" | "place", plural: "surnames" | "places") {
  return z
    .string()
    .max(PROFILE_LIMITS.listText, { error: `That is too long: list at most ${PROFILE_LIMITS.listItems} ${plural}.` })
    .optional()
    .superRefine((typed, ctx) => {
      const items = splitList(typed ?? "");
      if (items.length > PROFILE_LIMITS.listItems) {
        ctx.addIssue(
          issueWith(`List at most ${PROFILE_LIMITS.listItems} ${plural} (you listed {{listed}}).`, {
            listed: items.length,
          }),
        );
      }
      const long = items.find((item) => item.length > PROFILE_LIMITS.listItem);
      if (long) {
        ctx.addIssue(
          issueWith(`“{{item}}…” is too long: each ${noun} can have at most ${PROFILE_LIMITS.listItem} characters.`, {
            item: long.slice(0, 20),
          }),
        );
      }
      if (items.some((item) => !SINGLE_LINE.test(item))) {
        ctx.addIssue({ code: "custom", message: `Use ordinary text for the ${plural}.` });
      }
    })
    .transform((typed) => joinList(splitList(typed ?? "")));
}

/** Digits with the usual punctuation, and an optional extension ("+48 22 555 01 01", "(555) 123-4567 ext. 12"). */
const PHONE = /^\+?[0-9 ()./-]*(?:\s*(?:ext\.?|x)\s*[0-9]{1,6})?$/i;
const EXTENSION = /(?:ext\.?|x)\s*[0-9]{1,6}$/i;

function isPhoneNumber(phone: string): boolean {
  // Over-long input already has its message; the pattern is not run over thousands of characters.
  if (phone === "" || phone.length > PROFILE_LIMITS.phone) return true;
  return PHONE.test(phone) && /[0-9]/.test(phone.replace(EXTENSION, ""));
}

/** The place checks only the server can make (the country data is not sent to the browser). */
export interface PlaceChecks {
  isCountry(code: string): boolean;
  isRegionOf(countryCode: string, regionCode: string): boolean;
  countryName(code: string): string | undefined;
}

const personalFields = z.object({
  givenName: text("your given name", PROFILE_LIMITS.givenName, "Enter your given name."),
  surname: text("your surname", PROFILE_LIMITS.surname, "Enter your surname."),
  addressLine1: text("the first address line", PROFILE_LIMITS.addressLine),
  addressLine2: text("the second address line", PROFILE_LIMITS.addressLine),
  city: text("the city", PROFILE_LIMITS.city),
  postalCode: text("the postal code", PROFILE_LIMITS.postalCode),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: "Choose a country from the list." })
    .optional()
    .transform((v) => v ?? ""),
  region: z
    .string()
    .max(PROFILE_LIMITS.regionCode, { error: "Choose a region from the list." })
    .optional()
    .transform((v) => v ?? ""),
  phone: text("the phone number", PROFILE_LIMITS.phone).refine(isPhoneNumber, {
    error: "Use digits, spaces and + ( ) - . / only, with an extension as “ext. 12” if needed.",
  }),
  researchSurnames: researchList("surname", "surnames"),
  researchPlaces: researchList("place", "places"),
  listedInDirectory: z
    .boolean()
    .optional()
    .transform((v) => v === true),
  // The site's language for this member (issue 29); "" leaves it to the browser.
  language: z
    .enum(["", ...LANGUAGES], { error: "Choose a language from the list." })
    .optional()
    .transform((v) => v ?? ""),
});

/**
 * The personal details form. With `places` (the server) the country must
 * exist and the region belong to it; the browser leaves that to the server.
 * A region chosen with no country is one of the United States' (the region
 * select lists those when no country is chosen, SPEC §3), so the country
 * becomes "US" rather than being lost.
 */
export function personalSchema(places?: PlaceChecks) {
  if (!places) return personalFields;
  return personalFields
    .superRefine((v, ctx) => {
      if (v.country && !places.isCountry(v.country)) {
        ctx.addIssue({ code: "custom", path: ["country"], message: "Choose a country from the list." });
      } else if (v.region && !places.isRegionOf(v.country, v.region)) {
        const country = places.countryName(v.country || "US");
        ctx.addIssue(
          country
            ? issueWith("Choose one of the regions of {{country}}.", { country }, ["region"])
            : { code: "custom", path: ["region"], message: "Choose one of the regions of that country." },
        );
      }
    })
    .transform((v) => (v.region && !v.country ? { ...v, country: "US" } : v));
}

export type PersonalDetails = z.output<ReturnType<typeof personalSchema>>;

/** The password change form; `owner` is the signed-in account, whose names a password must not contain. */
export function passwordChangeSchema(owner: PasswordOwner) {
  return z
    .object({
      currentPassword: z
        .string({ error: "Enter your current password." })
        .max(MAX_PASSWORD_LENGTH, { error: "That is not your current password." }),
      newPassword: z
        .string({ error: "Choose a new password." })
        .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters.` })
        .max(MAX_PASSWORD_LENGTH, { error: `Use at most ${MAX_PASSWORD_LENGTH} characters.` })
        .superRefine((password, ctx) => {
          const weakness = passwordWeakness(password, owner);
          if (weakness) ctx.addIssue({ code: "custom", message: weakness });
        }),
      confirmPassword: z
        .string({ error: "Type the new password again." })
        .max(MAX_PASSWORD_LENGTH, { error: "The two new passwords do not match." }),
    })
    .superRefine((v, ctx) => {
      if (v.confirmPassword !== v.newPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "The two new passwords do not match." });
      }
      // A length message already stands beside the field otherwise; one reason at a time is enough.
      const lengthOk = v.newPassword.length >= MIN_PASSWORD_LENGTH && v.newPassword.length <= MAX_PASSWORD_LENGTH;
      if (lengthOk && v.newPassword === v.currentPassword) {
        ctx.addIssue({
          code: "custom",
          path: ["newPassword"],
          message: "The new password is your current one. Choose a different one.",
        });
      }
    });
}

export { USERNAME_MAX, USERNAME_MIN, USERNAME_RULE, usernameField } from "~/auth/account-fields";

export const usernameSchema = z.object({ username: usernameField });

/** The availability check's answer for the account's own name (the server's and the browser's). */
export const USERNAME_YOURS = "That is your username now.";

/** What is wrong with a username's form, or undefined (for the availability check). */
export function usernameProblem(username: string): string | undefined {
  const result = usernameField.safeParse(username);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** /members/profileEditEmail: the new address and, to prove it is the owner, the current password. */
export const emailChangeSchema = z.object({
  newEmail: emailField,
  currentPassword: z
    .string({ error: "Enter your current password." })
    .max(MAX_PASSWORD_LENGTH, { error: "That is not your current password." }),
});
