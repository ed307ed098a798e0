import { expect, test } from "@playwright/test";

/** The build-detection endpoints of issue #4 item 2 (SPEC §7.5). */
test.describe("build detection endpoints", () => {
  test("latest.json names the running build and ignores the cache-busting query", async ({ request }) => {
    const response = await request.get("/builds/latest.json?123");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = (await response.json()) as { id: unknown; timestamp: unknown };
    expect(Object.keys(body).sort()).toEqual(["id", "timestamp"]);
    expect(typeof body.id).toBe("string");
    expect(body.id).not.toBe("");
    expect(typeof body.timestamp).toBe("number");
    const again = (await (await request.get(`/builds/latest.json?${Date.now()}`)).json()) as { id: string };
    expect(again.id).toBe(body.id);
  });

  test("meta/{id}.json lists the build's static routes", async ({ request }) => {
    const latest = (await (await request.get("/builds/latest.json")).json()) as { id: string; timestamp: number };
    const response = await request.get(`/builds/meta/${encodeURIComponent(latest.id)}.json`);
    expect(response.status()).toBe(200);
    const meta = (await response.json()) as { id: string; timestamp: number; routes: string[] };
    expect(meta.id).toBe(latest.id);
    expect(meta.timestamp).toBe(latest.timestamp);
    expect(meta.routes).toEqual(expect.arrayContaining(["/", "/Search", "/Login"]));
    expect(meta.routes.some((r) => r.includes(":") || r.includes("*"))).toBe(false);
  });

  test("an unknown build id is a 404 JSON", async ({ request }) => {
    const response = await request.get("/builds/meta/nope.json");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toEqual({ error: "Unknown build" });
  });
});
