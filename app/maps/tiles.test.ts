import { describe, expect, it } from "vitest";
import { mapTileOrigins, tileLayerFromEnv, tileOrigin } from "./tiles";

describe("the optional tile server", () => {
  it("is off unless MAP_TILE_URL is an http(s) URL", () => {
    expect(tileLayerFromEnv({})).toBeNull();
    expect(mapTileOrigins({})).toEqual([]);
    expect(tileLayerFromEnv({ MAP_TILE_URL: "javascript:alert(1)" })).toBeNull();
    expect(tileLayerFromEnv({ MAP_TILE_URL: "  " })).toBeNull();
  });

  it("gives the layer with its credit, and the CSP its origin", () => {
    const env = { MAP_TILE_URL: "https://{s}.tile.example.org/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© Example" };
    expect(tileLayerFromEnv(env)).toEqual({ url: env.MAP_TILE_URL, attribution: "© Example" });
    expect(mapTileOrigins(env)).toEqual(["https://*.tile.example.org"]);
    expect(tileOrigin("http://tiles.local:8080/{z}/{x}/{y}.png")).toBe("http://tiles.local:8080");
    expect(tileOrigin("https://evil.example.org; script-src *")).toBeUndefined();
  });
});
