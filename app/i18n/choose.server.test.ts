import { describe, expect, it } from "vitest";
import {
  chooseLanguage,
  isOnlyLanguageCookie,
  languageCookieFor,
  languageFromAcceptLanguage,
  languageFromCookie,
} from "./choose.server";
import { addressIn } from "./languages";

const request = (url: string, headers: Record<string, string> = {}) => ({
  url: `http://metryka.test${url}`,
  headers: new Headers(headers),
});

describe("chooseLanguage (issue 29 item 3)", () => {
  it("takes ?lng= first, then the cookie, then the profile, then Accept-Language, else English", () => {
    const all = { cookie: "lng=pl", "accept-language": "ru" };
    expect(chooseLanguage(request("/?lng=de", all), "uk")).toBe("de");
    expect(chooseLanguage(request("/", all), "uk")).toBe("pl");
    expect(chooseLanguage(request("/", { "accept-language": "ru" }), "uk")).toBe("uk");
    expect(chooseLanguage(request("/", { "accept-language": "ru" }), "")).toBe("ru");
    expect(chooseLanguage(request("/"))).toBe("en");
  });

  it("falls through an unknown ?lng=, a malformed cookie or a profile value it does not know, to English at last", () => {
    expect(chooseLanguage(request("/?lng=xx"))).toBe("en");
    expect(chooseLanguage(request("/?lng=DE&lng=de"))).toBe("en");
    expect(chooseLanguage(request("/?lng=xx", { "accept-language": "pl-PL" }))).toBe("pl");
    expect(chooseLanguage(request("/", { cookie: "lng=%E0%A4%A; lng" }))).toBe("en");
    expect(chooseLanguage(request("/", { cookie: "=;;;lng==de; other=1" }))).toBe("en");
    expect(chooseLanguage(request("/"), "klingon")).toBe("en");
  });

  it("reads a 10 KB Accept-Language without trouble, and only its beginning", () => {
    const huge = `${"x-yz;q=0.5, ".repeat(900)}de`;
    expect(huge.length).toBeGreaterThan(10_000);
    const started = performance.now();
    expect(chooseLanguage(request("/", { "accept-language": huge }))).toBe("en");
    expect(chooseLanguage(request("/", { "accept-language": `pl;q=0.9,${huge}` }))).toBe("pl");
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("languageFromAcceptLanguage", () => {
  it("takes the best q of our languages, a region counting as its language, q=0 refusing one", () => {
    expect(languageFromAcceptLanguage("fr-FR, de-AT;q=0.8, pl;q=0.9")).toBe("pl");
    expect(languageFromAcceptLanguage("uk-UA,uk;q=0.9,ru;q=0.8,en-US;q=0.7")).toBe("uk");
    expect(languageFromAcceptLanguage("de;q=0, en;q=0.1")).toBe("en");
    expect(languageFromAcceptLanguage("*")).toBeUndefined();
    expect(languageFromAcceptLanguage("ru;q=abc, de;q=2")).toBeUndefined();
    expect(languageFromAcceptLanguage("")).toBeUndefined();
  });
});

describe("the language cookie", () => {
  it("is read among other cookies, and only a known value counts", () => {
    expect(languageFromCookie("a=1; lng=uk; b=2")).toBe("uk");
    expect(languageFromCookie("xlng=de")).toBeUndefined();
    expect(languageFromCookie("lng=de-DE")).toBeUndefined();
  });

  it("is set when ?lng= chooses a language the cookie does not hold yet, for a year", () => {
    expect(languageCookieFor(request("/?lng=de"), "de")).toBe("lng=de; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(languageCookieFor(request("/?lng=de", { cookie: "lng=de" }), "de")).toBeUndefined();
    expect(languageCookieFor({ url: "https://metryka.test/", headers: new Headers() }, "pl")).toMatch(/; Secure$/);
  });

  it("alone leaves a request a visitor's (its page may be shared); with any other cookie it does not", () => {
    expect(isOnlyLanguageCookie("lng=ru")).toBe(true);
    expect(isOnlyLanguageCookie(" lng=ru; ")).toBe(true);
    expect(isOnlyLanguageCookie("lng=ru; metryka_refresh=abc")).toBe(false);
    expect(isOnlyLanguageCookie("lng=xx")).toBe(false);
  });
});

describe("addressIn", () => {
  it("sets lng on the same path, keeping the other parameters", () => {
    expect(addressIn("/stpete/birth/search?surname=Schulz&lng=de", "pl")).toBe(
      "/stpete/birth/search?surname=Schulz&lng=pl",
    );
    expect(addressIn("/", "uk")).toBe("/?lng=uk");
  });
});
