import { Honeypot } from "remix-utils/honeypot/server";
import { getSessionSecret } from "~/config/session-secret.server";

/**
 * The sign-up form's spam trap (remix-utils): a field people never see and
 * must leave empty, and the time the page was made, encrypted. The library
 * is made stricter where a bot could slip past it or crash the action.
 */

// Every genuine time stamp is a Date.now() of a page made after this; junk often decrypts to a small number.
const EARLIEST_FORM_TIME = Date.UTC(2025, 0, 1);

class StrictHoneypot extends Honeypot {
  // Our form always carries both fields, so a post without them is not from it (the library lets it through).
  protected override shouldCheckHoneypot(): boolean {
    return true;
  }

  // crypto-js throws "Malformed UTF-8 data" for some values; an unreadable time stamp is what the library refuses.
  protected override decrypt(value: string): string {
    try {
      return super.decrypt(value);
    } catch {
      return "";
    }
  }

  protected override isValidTimeStamp(timestamp: number): boolean {
    return super.isValidTimeStamp(timestamp) && timestamp >= EARLIEST_FORM_TIME;
  }
}

let honeypot: Honeypot | undefined;
export function getHoneypot(): Honeypot {
  honeypot ??= new StrictHoneypot({ encryptionSeed: `honeypot:${getSessionSecret()}`, randomizeNameFieldName: false });
  return honeypot;
}

/**
 * A filled-in (or missing) trap field is a bot: it gets the same answer as a
 * person and nothing is created. A time stamp that is missing, forged or
 * unreadable is spam too, but a page opened before the secret changed looks
 * the same, so that sender is told to reload the page.
 */
export function honeypotVerdict(formData: FormData): "person" | "bot" | "unreadable" {
  const trap = getHoneypot();
  try {
    trap.check(formData);
    return "person";
  } catch {
    return formData.get(trap.getInputProps().nameFieldName) === "" ? "unreadable" : "bot";
  }
}
