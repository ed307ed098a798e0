import { describe, expect, it } from "vitest";
import { regionsOf } from "~/ui/countries.server";
import { regionsResponse } from "./regions-api.server";

describe("regionsResponse (/api/regions/:code)", () => {
  it("answers a known code with its regions as cacheable JSON", async () => {
    const res = regionsResponse("CA");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const body: unknown = await res.json();
    expect(body).toEqual(regionsOf("CA"));
    expect(body).toContainEqual({ name: "Ontario", code: "ON" });
  });

  it("serves regions whose code is their name", async () => {
    const body: unknown = await regionsResponse("CK").json();
    expect(body).toContainEqual({ name: "Aitutaki", code: "Aitutaki" });
  });

  it.each([undefined, "", "XX", "us", "USA", "U", "../", "toString"])("answers %j with a 404", async (code) => {
    const res = regionsResponse(code);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "Unknown country" });
  });
});
