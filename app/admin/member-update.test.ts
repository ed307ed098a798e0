import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeDetails } from "./audit.server";
import { SELF_EXPIRY, SELF_ROLE, SELF_STATUS, parseMemberUpdate } from "./member.server";

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.append(k, v);
  return formData;
};
const TODAY = "2026-06-15";

describe("parsing the member update form", () => {
  it("refuses what would lock the acting administrator out, beside each field", () => {
    const submission = parseMemberUpdate(form({ role: "member", status: "suspended", expires: "2026-06-14" }), {
      isSelf: true,
      today: TODAY,
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toMatchObject({
      role: [SELF_ROLE],
      status: [SELF_STATUS],
      expires: [SELF_EXPIRY],
    });
  });

  it("lets an administrator change another account, or keep their own", () => {
    const other = parseMemberUpdate(form({ role: "member", status: "suspended", expires: "2020-01-01" }), {
      isSelf: false,
      today: TODAY,
    });
    expect(other.status).toBe("success");
    const self = parseMemberUpdate(form({ role: "admin", status: "active", expires: TODAY }), {
      isSelf: true,
      today: TODAY,
    });
    expect(self.status).toBe("success");
  });

  it("never throws on random input", () => {
    const key = fc.constantFrom("role", "status", "expires", "intent", "csrf", "x");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, fc.string({ unit: "binary", maxLength: 200 })), { maxLength: 10 }),
        fc.boolean(),
        (pairs, isSelf) => {
          const formData = new FormData();
          for (const [k, v] of pairs) formData.append(k, v);
          const submission = parseMemberUpdate(formData, { isSelf, today: TODAY });
          expect(["success", "error"]).toContain(submission.status ?? "error");
        },
      ),
    );
  });
});

describe("audit details as text", () => {
  it("reads changes and plain values", () => {
    expect(describeDetails('{"role":{"from":"member","to":"admin"},"expires":{"from":null,"to":"2030-01-01"}}')).toBe(
      "role: member → admin; expires: none → 2030-01-01",
    );
    expect(describeDetails('{"fields":["city","phone"],"via":"profile"}')).toBe("fields: city, phone; via: profile");
    expect(describeDetails("not json")).toBe("not json");
    expect(describeDetails("{}")).toBe("");
  });
});
