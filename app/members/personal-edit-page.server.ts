import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { validateCsrf } from "~/auth/csrf.server";
import { requireAdminAuth } from "~/auth/guard.server";
import { readForm } from "~/routing/form-data.server";
import { getDatabase } from "~/db/current.server";
import { countryName, isCountry, isRegionOf, listCountries, regionsOf } from "~/ui/countries.server";
import { type PlaceChecks, personalSchema } from "./forms";
import { PROFILE_PATH, nameAndAddress } from "./profile-page.server";
import { updatePersonalDetails } from "./profile-writes.server";
import { clearLanguageCookie, languageCookieFor } from "~/i18n/choose.server";
import { isLanguage } from "~/i18n/languages";

/** Editing the member's personal details (names, address, research lists, directory listing). Auth-admin guarded. */

const places: PlaceChecks = {
  isCountry,
  isRegionOf,
  countryName: (code) => countryName(code),
};

export async function loadPersonalEditPage(request: Request) {
  const user = await requireAdminAuth(request);
  return {
    countries: listCountries(),
    regions: regionsOf(user.country_code),
    defaults: {
      ...nameAndAddress(user),
      country: user.country_code,
      region: user.region_code,
      phone: user.phone,
      researchSurnames: user.research_surnames,
      researchPlaces: user.research_places,
      listedInDirectory: user.listed_in_directory === 1,
      language: user.language,
    },
  };
}

export async function personalEditAction(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseWithZod(formData, { schema: personalSchema(places) });
  if (submission.status !== "success") {
    // Without JavaScript the region select can only show the regions the server renders: those of the country sent.
    const country = formData.get("country");
    const regions = regionsOf(typeof country === "string" && isCountry(country) ? country : "");
    return data({ result: submission.reply(), regions }, { status: 400 });
  }
  await updatePersonalDetails(await getDatabase(), user, submission.value, { ip: clientIp });
  // The language cookie comes before the profile (app/i18n/choose.server.ts): it follows the new choice, or goes.
  const language = submission.value.language;
  const cookie = isLanguage(language) ? languageCookieFor(request, language) : clearLanguageCookie(request);
  return redirect(`${PROFILE_PATH}?updated=personal`, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}
