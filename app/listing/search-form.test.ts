import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GIVEN_NAME_MODES, SURNAME_MODES } from "~/names/match-modes";
import { criteriaChips } from "./chips";
import {
  type SearchForm,
  criteriaToParams,
  fieldFormInfo,
  hasAnyCriterion,
  parseCriteria,
  pathWith,
} from "./search-form";

/** A form that is no record collection: the parser needs only this description. */
const form: SearchForm = {
  path: "/people/search",
  fields: [
    { name: "surname", label: "Surname", modes: SURNAME_MODES, defaultMode: "sounds" },
    { name: "givenName", label: "Given name", modes: GIVEN_NAME_MODES, defaultMode: "variants" },
    {
      name: "kind",
      label: "Kind",
      modes: ["exact"],
      defaultMode: "exact",
      choices: [{ value: "B", label: "Baptism" }],
    },
  ],
  sortable: ["year", "surname"],
  defaultSort: ["surname"],
};
const parse = (q: string) => parseCriteria(form, new URLSearchParams(q));

describe("a search form read by the shared parser", () => {
  it("reads fields with their modes, years, paging and sort", () => {
    const { criteria, errors } = parse(
      "surname=Kowalski&givenNameMode=exact&givenName=Jan&yearFrom=1850&sort=-year&page=3",
    );
    expect(errors).toEqual({});
    expect(criteria.fields.map((c) => [c.field.name, c.value, c.mode])).toEqual([
      ["surname", "Kowalski", "sounds"],
      ["givenName", "Jan", "exact"],
    ]);
    expect(criteria).toMatchObject({
      yearFrom: 1850,
      page: 3,
      perPage: 25,
      sort: [{ field: "year", descending: true }],
    });
    expect(hasAnyCriterion(criteria)).toBe(true);
  });

  it("names each mistake beside its field and keeps what was typed", () => {
    const { errors, values } = parse(
      "surname=%21%21&givenNameMode=sounds-ish&kind=X&yearFrom=18&yearTo=1700&perPage=7&sort=age",
    );
    expect(errors).toEqual({
      surname: "Enter at least one letter.",
      givenNameMode: "Choose one of the listed ways to match the given name.",
      kind: "Choose one of the listed kinds.",
      yearFrom: "Years before 1500 are not in these registers.",
      perPage: "Show 10, 25, 50 results per page.",
      sort: "Results cannot be sorted by “age”. Sort by year, surname.",
    });
    expect(values).toMatchObject({
      surname: "!!",
      givenNameMode: "sounds-ish",
      kind: "X",
      yearFrom: "18",
      sort: "age",
    });
  });

  it("refuses a mode the field does not offer", () => {
    expect(parse("kind=B&kindMode=sounds").errors.kindMode).toBeTruthy();
  });

  it("writes criteria back as short URLs that read back the same", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SURNAME_MODES),
        fc.stringMatching(/^[A-Za-zżółć]{1,12}$/),
        fc.option(fc.integer({ min: 1500, max: 2100 }), { nil: undefined }),
        fc.integer({ min: 1, max: 50 }),
        (mode, surname, yearFrom, page) => {
          const q = new URLSearchParams({ surname, surnameMode: mode, page: String(page) });
          if (yearFrom !== undefined) q.set("yearFrom", String(yearFrom));
          const first = parseCriteria(form, q);
          expect(first.errors).toEqual({});
          const params = criteriaToParams(first.criteria, form);
          if (mode === "sounds") expect(params.has("surnameMode")).toBe(false);
          expect(params.has("sort")).toBe(false);
          expect(parseCriteria(form, params).criteria).toEqual(first.criteria);
        },
      ),
    );
  });

  it("makes chips that each remove one term and start again at page 1", () => {
    const { criteria } = parse("surname=Nowak&surnameMode=exact&kind=B&yearFrom=1850&yearTo=1850&page=4");
    expect(criteriaChips(form, criteria)).toEqual([
      { label: "Surname: Nowak (exact spelling)", removeHref: "/people/search?kind=B&yearFrom=1850&yearTo=1850" },
      {
        label: "Kind: Baptism",
        removeHref: "/people/search?surname=Nowak&surnameMode=exact&yearFrom=1850&yearTo=1850",
      },
      { label: "Year: 1850", removeHref: "/people/search?surname=Nowak&surnameMode=exact&kind=B" },
    ]);
  });

  it("keeps extra parameters in every chip and links to the bare path when nothing is left", () => {
    const { criteria } = parse("surname=Nowak");
    const [chip] = criteriaChips(form, criteria, new URLSearchParams({ id: "L12" }));
    expect(chip!.removeHref).toBe("/people/search?id=L12");
    expect(pathWith(form.path, new URLSearchParams())).toBe("/people/search");
  });

  it("describes its fields to the browser with the modes' labels", () => {
    const [surname] = fieldFormInfo(form.fields);
    expect(surname!.modes[0]).toEqual({ value: "sounds", label: "Sounds like" });
    expect(surname!.choices).toBeNull();
  });
});
