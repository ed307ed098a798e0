import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMembersPath } from "./members-area";

describe("isMembersPath", () => {
  it("knows the members' area in any letter case, with doubled slashes or escaped letters", () => {
    for (const p of [
      "/members",
      "/members/profile",
      "/Members/Profile",
      "//members//x",
      "/MEMBERS/",
      "/%6Dembers/profile",
      "/%4D%45MBERS",
    ])
      expect(isMembersPath(p), p).toBe(true);
  });

  it("leaves the public area alone", () => {
    for (const p of ["/", "/membersx", "/Search", "/stpete/members/search", "/membership", "/%zz/members"])
      expect(isMembersPath(p), p).toBe(false);
  });

  it("holds for every spelling of a members' path", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        fc.stringMatching(/^[a-z0-9/-]{0,20}$/),
        (upper, rest) => {
          const word = [..."members"].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("");
          return isMembersPath(`/${word}/${rest}`);
        },
      ),
    );
  });
});
