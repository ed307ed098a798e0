import { describe, expect, it } from "vitest";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { TEST_BASE_URL } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { callRoute } from "~/testing/server-build";

const get = (path: string) => outcome(() => callRoute(new Request(`${TEST_BASE_URL}${path}`)));
const post = (path: string) =>
  outcome(() =>
    callRoute(
      new Request(`${TEST_BASE_URL}${path}`, {
        method: "POST",
        body: new URLSearchParams({ a: "1" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      "action",
    ),
  );

for (const dialect of testDialects()) {
  describe(`the source routes on ${dialect}`, () => {
    useTestRuntime(dialect, { seedRecords: 0, name: "source-routes" });

    it("answer 404 with SPEC §8's message for a path of their shape that names no source", async () => {
      for (const path of ["/xyz/birth/search", "/stpete/births/record/1", "/breyer/maps/place/1", "/api/auth/search"]) {
        const answer = await get(path);
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).toBe(`Page not found: ${path}`);
      }
      // A page kind the source does not have.
      expect((await get("/breyer/map/export.csv")).status).toBe(404);
      expect((await get("/stpete/birth/place/1")).status).toBe(404);
    });

    it("answer a case variant of a source's page with 301 to its canonical spelling, keeping the query", async () => {
      const answer = await get("/STPETE/Birth/search?surname=Schulz");
      expect(answer.status).toBe(301);
      expect(answer.location).toBe("/stpete/birth/search?surname=Schulz");
    });

    it("refuse posts: 405 on a source's page, 404 on a path that names none", async () => {
      expect((await post("/stpete/birth/search")).status).toBe(405);
      expect((await post("/xyz/birth/search")).status).toBe(404);
    });

    it("keep the members' area behind the guard even for a path that names no source", async () => {
      const answer = await get("/members/xyz/search");
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/Login?redirectTo=${encodeURIComponent("/members/xyz/search")}`);
    });
  });
}
