import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { validateCsrf } from "~/auth/csrf.server";
import { requireAdminAuth } from "~/auth/guard.server";
import { readForm } from "~/routing/form-data.server";
import { getDatabase } from "~/db/current.server";
import { countriesIn, isCountry, isRegionOf, regionsOf } from "~/ui/countries.server";
import { type PlaceChecks, personalSchema } from "./forms";
import { PROFILE_PATH, nameAndAddress } from "./profile-page.server";
import { updatePersonalDetails } from "./profile-writes.server";
import { clearLanguageCookie, languageCookieFor } from "~/i18n/choose.server";
import { type Language, isLanguage } from "~/i18n/languages";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import { profileFormatError } from "./form-messages.server";

/** Editing the member's personal details (names, address, research lists, directory listing). Auth-admin guarded. */

/** The place checks, with the country named in the reader's language in a message. */
function placesIn(language: Language): PlaceChecks {
  return {
    isCountry,
    isRegionOf,
    countryName: (code) => countriesIn(language).find((c) => c.code === code)?.name,
  };
}

export async function loadPersonalEditPage(request: Request) {
  const user = await requireAdminAuth(request);
  const language = await languageOfRequest(request);
  return {
    meta: pageMeta(language, "members", "meta.personal"),
    countries: countriesIn(language),
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
  const language = await languageOfRequest(request);
  const submission = parseWithZod(formData, {
    schema: personalSchema(placesIn(language)),
    formatError: profileFormatError(language),
  });
  if (submission.status !== "success") {
    // Without JavaScript the region select can only show the regions the server renders: those of the country sent.
    const country = formData.get("country");
    const regions = regionsOf(typeof country === "string" && isCountry(country) ? country : "");
    return data({ result: submission.reply(), regions }, { status: 400 });
  }
  await updatePersonalDetails(await getDatabase(), user, submission.value, { ip: clientIp });
  // The language cookie comes before the profile (app/i18n/choose.server.ts): it follows a new choice, or goes. A
  // choice left as it was leaves the cookie alone, so saving a new phone number does not undo the language menu.
  const chosen = submission.value.language;
  const cookie =
    chosen === user.language
      ? undefined
      : isLanguage(chosen)
        ? languageCookieFor(request, chosen)
        : clearLanguageCookie(request);
  return redirect(`${PROFILE_PATH}?updated=personal`, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}
