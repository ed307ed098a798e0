import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { USERNAME_PATTERN } from "~/auth/users.server";
import { splitList } from "~/names/lists";
import { countryName, isCountry, isRegionOf } from "~/ui/countries.server";
import {
  PROFILE_LIMITS,
  type PlaceChecks,
  USERNAME_RULE,
  joinList,
  passwordChangeSchema,
  personalSchema,
  usernameProblem,
  usernameSchema,
} from "./forms";

const places: PlaceChecks = { isCountry, isRegionOf, countryName: (code) => countryName(code) };

function form(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

const personal = (entries: Record<string, string>) =>
  parseWithZod(form({ givenName: "Jan", surname: "Kowalski", ...entries }), { schema: personalSchema(places) });

function errorsOf(submission: { status?: string; error?: Record<string, string[] | null> | null }) {
  return submission.status === "success" ? {} : (submission.error ?? {});
}

describe("research lists", () => {
  it("split on commas and line breaks, trimmed, without empties or repeats", () => {
    expect(splitList("Schulz, schulz\n  Müller   Lange ,,\r\nKühn\n")).toEqual(["Schulz", "Müller Lange", "Kühn"]);
    expect(splitList("")).toEqual([]);
    expect(joinList(["Schulz", "Kühn"])).toBe("Schulz, Kühn");
  });
});

describe("the personal details schema", () => {
  it("accepts a full profile and stores the lists normalised", () => {
    const s = personal({
      addressLine1: " ul. Długa 5 ",
      city: "Łódź",
      postalCode: "90-001",
      country: "PL",
      region: "10",
      phone: "+48 42 555 01 01 ext. 12",
      researchSurnames: "Schulz\nKühn, Wiśniewski",
      researchPlaces: "Żytomierz,Równe",
      listedInDirectory: "on",
    });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toMatchObject({
      addressLine1: "ul. Długa 5",
      addressLine2: "",
      country: "PL",
      region: "10",
      researchSurnames: "Schulz, Kühn, Wiśniewski",
      researchPlaces: "Żytomierz, Równe",
      listedInDirectory: true,
    });
  });

  it("needs the name, and nothing else", () => {
    const s = parseWithZod(form({}), { schema: personalSchema(places) });
    expect(Object.keys(errorsOf(s)).sort()).toEqual(["givenName", "surname"]);
    const ok = personal({});
    expect(ok.status === "success" && ok.value).toMatchObject({ country: "", region: "", listedInDirectory: false });
  });

  it.each([
    ["givenName", PROFILE_LIMITS.givenName],
    ["surname", PROFILE_LIMITS.surname],
    ["addressLine1", PROFILE_LIMITS.addressLine],
    ["addressLine2", PROFILE_LIMITS.addressLine],
    ["city", PROFILE_LIMITS.city],
    ["postalCode", PROFILE_LIMITS.postalCode],
  ])("limits %s to %i characters, with the message beside it", (field, max) => {
    expect(personal({ [field]: "x".repeat(max) }).status).toBe("success");
    expect(errorsOf(personal({ [field]: "x".repeat(max + 1) }))[field]?.[0]).toMatch(`at most ${max}`);
    expect(errorsOf(personal({ [field]: "x".repeat(10_000) }))[field]?.[0]).toMatch(`at most ${max}`);
  });

  it("refuses control characters in single-line fields", () => {
    expect(errorsOf(personal({ city: "Łódź\nWarsaw" })).city).toBeDefined();
    expect(errorsOf(personal({ surname: "Kow\u0000alski" })).surname).toBeDefined();
  });

  it("checks phone numbers loosely", () => {
    for (const ok of ["+48 22 555 01 01", "(555) 123-4567", "0044 20 7946 0958 x 7", "555.123.4567 ext. 12"]) {
      expect(personal({ phone: ok }).status, ok).toBe("success");
    }
    for (const bad of ["call me", "ext. 12", "+48 22 555 <b>", "x".repeat(41)]) {
      expect(errorsOf(personal({ phone: bad })).phone, bad).toBeDefined();
    }
  });

  it("limits research lists to 50 items of 60 characters", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `Name${i}`).join(", ");
    expect(personal({ researchSurnames: fifty }).status).toBe("success");
    expect(errorsOf(personal({ researchSurnames: `${fifty}, Extra` })).researchSurnames?.[0]).toMatch(
      "at most 50 surnames (you listed 51)",
    );
    expect(errorsOf(personal({ researchPlaces: `Kiev, ${"y".repeat(61)}` })).researchPlaces?.[0]).toMatch(
      "at most 60 characters",
    );
    expect(errorsOf(personal({ researchPlaces: "z".repeat(10_000) })).researchPlaces).toBeDefined();
  });

  it("needs a known country and a region of that country", () => {
    expect(errorsOf(personal({ country: "XX" })).country).toEqual(["Choose a country from the list."]);
    expect(errorsOf(personal({ country: "pl" })).country).toBeDefined();
    expect(errorsOf(personal({ country: "PL", region: "TX" })).region).toEqual([
      "Choose one of the regions of Poland.",
    ]);
    expect(personal({ country: "US", region: "TX" }).status).toBe("success");
    expect(personal({ country: "PL" }).status).toBe("success");
  });

  it("takes a region chosen without a country as one of the United States' (the list it was picked from)", () => {
    const s = personal({ region: "TX" });
    expect(s.status === "success" && s.value).toMatchObject({ country: "US", region: "TX" });
    expect(errorsOf(personal({ region: "10" })).region).toEqual(["Choose one of the regions of United States."]);
  });

  it("leaves place checks to the server in the browser", () => {
    const s = parseWithZod(form({ givenName: "a", surname: "b", country: "PL", region: "TX" }), {
      schema: personalSchema(),
    });
    expect(s.status).toBe("success");
  });
});

describe("the password change schema", () => {
  const schema = passwordChangeSchema({ username: "anna.k", email: "anna@example.org" });
  const parse = (entries: Record<string, string>) => parseWithZod(form(entries), { schema });
  const good = "tea kettle lantern 42";

  it("accepts a strong, confirmed, new password", () => {
    const s = parse({ currentPassword: "old one", newPassword: good, confirmPassword: good });
    expect(s.status).toBe("success");
  });

  it("names each problem beside its field", () => {
    expect(errorsOf(parse({}))).toMatchObject({
      currentPassword: ["Enter your current password."],
      newPassword: ["Choose a new password."],
      confirmPassword: ["Type the new password again."],
    });
    expect(
      errorsOf(parse({ currentPassword: "x", newPassword: "short", confirmPassword: "short" })).newPassword,
    ).toEqual(["Use at least 12 characters."]);
    expect(errorsOf(parse({ currentPassword: "x", newPassword: good, confirmPassword: `${good}!` }))).toEqual({
      confirmPassword: ["The two new passwords do not match."],
    });
    expect(
      errorsOf(parse({ currentPassword: good, newPassword: good, confirmPassword: good })).newPassword?.[0],
    ).toMatch("your current one");
    expect(
      errorsOf(parse({ currentPassword: "x", newPassword: "passwordpassword", confirmPassword: "passwordpassword" }))
        .newPassword?.[0],
    ).toMatch("most common");
    expect(
      errorsOf(parse({ currentPassword: "x", newPassword: "I am ANNA.K on Metryka", confirmPassword: "x" }))
        .newPassword,
    ).toEqual(["Your password must not contain your username."]);
  });

  it("answers 10,000 characters with a clear message", () => {
    const huge = "p".repeat(10_000);
    expect(errorsOf(parse({ currentPassword: huge, newPassword: huge, confirmPassword: huge }))).toMatchObject({
      currentPassword: ["That is not your current password."],
      newPassword: ["Use at most 256 characters."],
    });
  });
});

describe("the username schema", () => {
  it("matches the server's USERNAME_PATTERN", () => {
    expect(USERNAME_RULE.source).toBe(USERNAME_PATTERN.source);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        expect(usernameProblem(name) === undefined).toBe(USERNAME_PATTERN.test(name.trim()));
      }),
    );
  });

  it("says what is wrong", () => {
    expect(usernameProblem("ab")).toBe("Use at least 3 characters.");
    expect(usernameProblem("a".repeat(33))).toBe("Use at most 32 characters.");
    expect(usernameProblem("anna k")).toMatch("Use only letters");
    expect(usernameProblem("anna@k")).toMatch("Use only letters");
    expect(usernameProblem(" anna.k_1-2 ")).toBeUndefined();
    const s = parseWithZod(form({ username: " Anna.K " }), { schema: usernameSchema });
    expect(s.status === "success" && s.value.username).toBe("Anna.K");
  });
});

describe("parsing random input", () => {
  const personalKeys = [
    "givenName",
    "surname",
    "addressLine1",
    "addressLine2",
    "city",
    "postalCode",
    "country",
    "region",
    "phone",
    "researchSurnames",
    "researchPlaces",
    "listedInDirectory",
    "unexpected",
  ];
  const passwordKeys = ["currentPassword", "newPassword", "confirmPassword", "unexpected"];
  const value = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.constantFrom("", "on", "PL", "US", "TX", "10", "x".repeat(6000), "a,b\nc", "\u0000", "\u202e"),
  );
  const entries = (keys: string[]) => fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 20 });

  it("never throws, and only valid values come out", () => {
    const password = passwordChangeSchema({ username: "anna", email: "anna@example.org" });
    fc.assert(
      fc.property(entries(personalKeys), entries(passwordKeys), (pe, pw) => {
        const fd = new FormData();
        for (const [k, v] of pe) fd.append(k, v);
        const s = parseWithZod(fd, { schema: personalSchema(places) });
        if (s.status === "success") {
          expect(s.value.givenName.length).toBeLessThanOrEqual(PROFILE_LIMITS.givenName);
          expect(splitList(s.value.researchSurnames).length).toBeLessThanOrEqual(PROFILE_LIMITS.listItems);
          if (s.value.region) expect(isRegionOf(s.value.country, s.value.region)).toBe(true);
        }
        const fd2 = new FormData();
        for (const [k, v] of pw) fd2.append(k, v);
        const p = parseWithZod(fd2, { schema: password });
        if (p.status === "success") expect(p.value.newPassword).toBe(p.value.confirmPassword);
      }),
      { numRuns: 400 },
    );
  });
});
