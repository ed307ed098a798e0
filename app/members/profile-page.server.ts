import { PATHS } from "~/routing/paths";
import { requireAdminAuth } from "~/auth/guard.server";
import { type User, membershipState } from "~/auth/users.server";
import { countryName, regionName } from "~/ui/countries.server";
import { pageMeta } from "~/i18n/i18next.server";
import { languageOfRequest } from "~/auth/language.server";
import { splitList } from "~/names/lists";

/** A member's name and postal address as their pages show and edit them (the country and region apart). */
export function nameAndAddress(user: User) {
  return {
    givenName: user.given_name,
    surname: user.surname,
    addressLine1: user.address_line1,
    addressLine2: user.address_line2,
    city: user.city,
    postalCode: user.postal_code,
  };
}

/** The member's own account page: everything on the account, and which edit just succeeded. Auth-admin guarded. */

export const PROFILE_PATH = PATHS.profile;

/** What the profile page's notice reports after an edit (`?updated=`). */
export const UPDATE_KINDS = ["personal", "password", "username", "email"] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

const isUpdateKind = (value: string | null): value is UpdateKind =>
  value !== null && (UPDATE_KINDS as readonly string[]).includes(value);

export async function loadProfilePage(request: Request) {
  const user = await requireAdminAuth(request);
  const updated = new URL(request.url).searchParams.get("updated");
  return {
    account: {
      memberId: user.id,
      username: user.username,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      role: user.role,
      membership: membershipState(user),
      membershipExpiresOn: user.membership_expires_on,
      ...nameAndAddress(user),
      country: countryName(user.country_code) ?? "",
      region: regionName(user.country_code, user.region_code) ?? "",
      phone: user.phone,
      researchSurnames: splitList(user.research_surnames),
      researchPlaces: splitList(user.research_places),
      listedInDirectory: user.listed_in_directory === 1,
    },
    updated: isUpdateKind(updated) ? updated : null,
    meta: pageMeta(await languageOfRequest(request), "members", "meta.profile"),
  };
}
