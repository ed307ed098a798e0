import { isCountry, regionsOf } from "~/ui/countries.server";

/**
 * Body of the resource route /api/regions/:code that CountryRegionSelect calls
 * when the country changes. The data only changes with a deploy, so a day of
 * shared caching is safe; the 404 is not cached so a mistyped URL cannot stick.
 * Codes match exactly (upper case, as listCountries gives them) so each
 * country has one cache entry, and no default applies: the caller names it.
 */
export function regionsResponse(code: string | undefined): Response {
  if (code === undefined || !/^[A-Z]{2}$/.test(code) || !isCountry(code)) {
    return json({ error: "Unknown country" }, 404, "no-store");
  }
  return json(regionsOf(code), 200, "public, max-age=86400");
}

function json(body: unknown, status: number, cacheControl: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl },
  });
}
