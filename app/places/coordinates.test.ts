import { describe, expect, it } from "vitest";
import { parseCoordinate, parseCoordinatePair } from "./coordinates";

describe("coordinates as volunteers type them", () => {
  it("reads decimal degrees with a point or a decimal comma, and degrees, minutes and seconds", () => {
    expect(parseCoordinate("50.4501", "lat")).toEqual({ ok: true, value: 50.4501 });
    expect(parseCoordinate("50,4501", "lat")).toEqual({ ok: true, value: 50.4501 });
    expect(parseCoordinate("50°27′N", "lat")).toEqual({ ok: true, value: 50.45 });
    expect(parseCoordinate("50 27 30 N", "lat")).toEqual({ ok: true, value: 50.458333 });
    expect(parseCoordinate("N 50°27'", "lat")).toEqual({ ok: true, value: 50.45 });
    expect(parseCoordinate("30°31′ в.д.", "lon")).toEqual({ ok: true, value: 30.516667 });
    expect(parseCoordinate("18°5' O", "lon")).toEqual({ ok: true, value: 18.083333 });
    expect(parseCoordinate("12°30′W", "lon")).toEqual({ ok: true, value: -12.5 });
    expect(parseCoordinate("-33.5", "lat")).toEqual({ ok: true, value: -33.5 });
  });

  it("says what is wrong: text, an impossible angle, the other axis, minutes of 60", () => {
    expect(parseCoordinate("east", "lon")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a longitude/),
    });
    expect(parseCoordinate("95", "lat")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/latitude 95 is impossible: it lies between −90 and 90/),
    });
    expect(parseCoordinate("181", "lon").ok).toBe(false);
    expect(parseCoordinate("30°31′E", "lat")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is a longitude/),
    });
    expect(parseCoordinate("50°60′", "lat").ok).toBe(false);
    expect(parseCoordinate("50.5°30′", "lat").ok).toBe(false);
    expect(parseCoordinate("-50 N", "lat").ok).toBe(false);
  });

  it("reads both from one cell, in either order when the hemispheres say which is which", () => {
    const kyiv = { ok: true, value: { lat: 50.4501, lon: 30.5234 } };
    expect(parseCoordinatePair("50.4501, 30.5234")).toEqual(kyiv);
    expect(parseCoordinatePair("50,4501; 30,5234")).toEqual(kyiv);
    expect(parseCoordinatePair("50,4501, 30,5234")).toEqual(kyiv);
    expect(parseCoordinatePair("50,4501 30,5234")).toEqual(kyiv);
    expect(parseCoordinatePair("50°27′N 30°31′E")).toEqual({ ok: true, value: { lat: 50.45, lon: 30.516667 } });
    expect(parseCoordinatePair("30°31′E, 50°27′N")).toEqual({ ok: true, value: { lat: 50.45, lon: 30.516667 } });
    expect(parseCoordinatePair("50 27 N 30 31 E")).toEqual({ ok: true, value: { lat: 50.45, lon: 30.516667 } });
  });

  it("refuses a cell that reads more than one way or not at all", () => {
    expect(parseCoordinatePair("50 27 30 31")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/more than one way/),
    });
    expect(parseCoordinatePair("50.4501")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a latitude and longitude/),
    });
    expect(parseCoordinatePair("Kyiv").ok).toBe(false);
  });
});
