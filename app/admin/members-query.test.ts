import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIsoDate, memberUpdateSchema } from "./forms";
import { containsPattern, membersQueryString, parseMembersQuery, positiveInt } from "./members-query";

const parse = (query: string) => parseMembersQuery(new URLSearchParams(query));

describe("members table parameters", () => {
  it("has defaults for an empty query", () => {
    const { query, errors } = parse("");
    expect(errors).toEqual({});
    expect(query).toEqual({
      q: "",
      status: null,
      role: null,
      expiry: null,
      sort: { column: "username", descending: false },
      perPage: 25,
      page: 1,
    });
    expect(membersQueryString(query)).toBe("");
  });

  it("reads every filter, the sort and paging", () => {
    const { query, errors } = parse("q=Anna&status=pending&role=admin&expiry=soon&sort=-joined&perPage=100&page=3");
    expect(errors).toEqual({});
    expect(query).toMatchObject({
      q: "Anna",
      status: "pending",
      role: "admin",
      expiry: "soon",
      sort: { column: "joined", descending: true },
      perPage: 100,
      page: 3,
    });
    expect(membersQueryString(query)).toBe(
      "?q=Anna&status=pending&role=admin&expiry=soon&sort=-joined&perPage=100&page=3",
    );
  });

  it("puts a message beside each bad parameter", () => {
    const { errors, values } = parse(
      "status=gone&role=owner&expiry=later&sort=password&perPage=7&page=0&q=" + "x".repeat(101),
    );
    expect(Object.keys(errors).sort()).toEqual(["expiry", "page", "perPage", "q", "role", "sort", "status"]);
    expect(values.status).toBe("gone");
    expect(parse("page=1.5").errors.page).toBeDefined();
    expect(parse("page=99999999999").errors.page).toBeDefined();
    expect(parse("perPage=-25").errors.perPage).toBeDefined();
  });

  it("never throws, whatever the query string", () => {
    const key = fc.constantFrom("q", "status", "role", "expiry", "sort", "perPage", "page", "other");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, fc.string({ unit: "binary", maxLength: 300 })), { maxLength: 12 }),
        (pairs) => {
          const parsed = parseMembersQuery(new URLSearchParams(pairs));
          expect(parsed.query.perPage).toBeGreaterThan(0);
          expect(parsed.query.page).toBeGreaterThan(0);
          expect(() => membersQueryString(parsed.query)).not.toThrow();
        },
      ),
    );
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 500 }), (raw) => void parse(raw)));
  });

  it("escapes LIKE wildcards so a search is a plain substring", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
    expect(containsPattern("ANNA")).toBe("%anna%");
  });

  it("reads positive whole numbers only", () => {
    expect(positiveInt("12")).toBe(12);
    for (const bad of ["0", "-1", "01", "1e3", " 1", "1.0", "", "2000000"]) expect(positiveInt(bad)).toBeUndefined();
  });
});

describe("the member update form", () => {
  it("accepts role, status and an optional expiry", () => {
    expect(memberUpdateSchema.parse({ role: "admin", status: "active", expires: "" })).toEqual({
      role: "admin",
      status: "active",
      expires: null,
    });
    expect(memberUpdateSchema.parse({ role: "member", status: "suspended", expires: "2030-12-31" }).expires).toBe(
      "2030-12-31",
    );
  });

  it("refuses impossible dates and unknown roles", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2030-13-01")).toBe(false);
    expect(memberUpdateSchema.safeParse({ role: "owner", status: "active" }).success).toBe(false);
    expect(memberUpdateSchema.safeParse({ role: "member", status: "active", expires: "31.12.2030" }).success).toBe(
      false,
    );
  });
});
