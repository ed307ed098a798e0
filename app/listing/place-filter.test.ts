import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ParamReader } from "./params";
import {
  NEAR_DEFAULT_RADIUS_KM,
  NEAR_MAX_RADIUS_KM,
  type PlaceFilter,
  parsePoint,
  placeFilterToParams,
  readPlaceFilter,
} from "./place-filter";
import { criteriaToParams, parseCriteria } from "./search-form";

const read = (qs: string | URLSearchParams) => {
  const reader = new ParamReader(new URLSearchParams(qs));
  const filter = readPlaceFilter(reader);
  return { filter, errors: reader.errors };
};

const placeName = fc
  // Latin-1's × and ÷ sit inside À-ž and are not letters, so the ranges step around them.
  .stringMatching(/^[A-Za-zÀ-ÖØ-öø-žА-яЁё][A-Za-zÀ-ÖØ-öø-žА-яЁё' -]{0,30}$/)
  .filter((s) => s.trim() !== "" && parsePoint(s) === undefined);

describe("the place terms of a records search", () => {
  it("reads near, nearId and radius, and the default radius when none is given", () => {
    expect(read("near=Luzk&radius=25").filter).toEqual({ near: { value: "Luzk", radiusKm: 25 } });
    expect(read("near=Luzk&nearId=12&radius=2,5").filter).toEqual({ near: { value: "Luzk", id: 12, radiusKm: 2.5 } });
    expect(read("near=Luzk").filter.near?.radiusKm).toBe(NEAR_DEFAULT_RADIUS_KM);
    expect(read("placeId=7").filter).toEqual({ placeId: 7 });
    expect(read("").filter).toEqual({});
  });

  it("takes a latitude and longitude as the centre, and refuses them out of range beside the field", () => {
    expect(read("near=50.75, 25.33&radius=25").filter.near).toEqual({
      value: "50.75, 25.33",
      point: { lat: 50.75, lon: 25.33 },
      radiusKm: 25,
    });
    expect(read("near=50,75; 25,33").filter.near?.point).toEqual({ lat: 50.75, lon: 25.33 });
    expect(read("near=95, 25").errors.near).toMatch(/latitude/i);
    expect(read("near=50, 181").errors.near).toMatch(/longitude/i);
  });

  it("refuses a radius of 0, above 500 km or not a number, a radius without a place and a bad id", () => {
    expect(read("near=Luzk&radius=0").errors.radius).toMatch(/at least 1/);
    expect(read("near=Luzk&radius=501").errors.radius).toMatch(/at most 500/);
    expect(read("near=Luzk&radius=far").errors.radius).toMatch(/kilometres/);
    expect(read("radius=25").errors.near).toMatch(/place to measure/);
    expect(read("near=Luzk&nearId=x").errors.near).toMatch(/again/);
    expect(read("placeId=0").errors.placeId).toBeDefined();
    for (const qs of ["near=Luzk&radius=0", "near=Luzk&radius=501", "near=95,25"]) {
      expect(read(qs).filter.near, qs).toBeUndefined();
    }
  });

  it("accepts every radius from 1 to 500 km with up to two decimals, and refuses every one outside", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const km = whole + cents / 100;
        const { filter, errors } = read(`near=Luzk&radius=${whole}.${String(cents).padStart(2, "0")}`);
        if (km >= 1 && km <= NEAR_MAX_RADIUS_KM) {
          expect(errors).toEqual({});
          expect(filter.near?.radiusKm).toBeCloseTo(km, 6);
        } else {
          expect(errors.radius).toBeDefined();
          expect(filter.near).toBeUndefined();
        }
      }),
    );
  });

  it("reads any point as in range exactly when both numbers are", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -200, max: 200, noNaN: true }),
        (lat, lon) => {
          const text = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
          const [a, b] = [Number(lat.toFixed(4)), Number(lon.toFixed(4))];
          const point = parsePoint(text);
          if (Math.abs(a) <= 90 && Math.abs(b) <= 180) expect(point).toEqual({ lat: a, lon: b });
          else expect(typeof point).toBe("string");
        },
      ),
    );
  });

  it("never throws and never accepts a radius outside its range, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (near, nearId, radius, placeId) => {
        const p = new URLSearchParams({ near, nearId, radius, placeId });
        const { filter, errors } = read(p);
        if (filter.near) {
          expect(filter.near.radiusKm).toBeGreaterThanOrEqual(1);
          expect(filter.near.radiusKm).toBeLessThanOrEqual(NEAR_MAX_RADIUS_KM);
          expect(errors.near).toBeUndefined();
        }
        if (filter.placeId !== undefined) expect(Number.isInteger(filter.placeId) && filter.placeId > 0).toBe(true);
      }),
    );
  });

  it("writes parameters that read back as the same terms", () => {
    fc.assert(
      fc.property(
        placeName,
        fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: undefined }),
        fc.integer({ min: 1, max: 500 }),
        fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: undefined }),
        (value, id, radiusKm, placeId) => {
          const filter: PlaceFilter = {
            near: { value: value.trim(), ...(id !== undefined ? { id } : {}), radiusKm },
            ...(placeId !== undefined ? { placeId } : {}),
          };
          const p = new URLSearchParams();
          placeFilterToParams(filter, p);
          const back = read(p);
          expect(back.errors).toEqual({});
          expect(back.filter).toEqual(filter);
        },
      ),
    );
  });

  it("is read only by forms that take it, and kept in their links", () => {
    const base = { path: "/x", fields: [], sortable: ["year"], defaultSort: ["year"] };
    expect(parseCriteria(base, new URLSearchParams("near=Luzk")).criteria.near).toBeUndefined();
    const { criteria } = parseCriteria({ ...base, placeFilter: true }, new URLSearchParams("near=Luzk&radius=25"));
    expect(criteria.near).toEqual({ value: "Luzk", radiusKm: 25 });
    expect(criteriaToParams(criteria, base).toString()).toBe("near=Luzk&radius=25");
  });
});
