import { describe, expect, it } from "vitest";
import { formParameters, readSqlmapOutput } from "./sqlmap-kit";

describe("formParameters", () => {
  it("takes a GET form's fields with their chosen values and the query keys of links to the same page", () => {
    const html = `<form method="get" action="/x/search"><input id="surname" name="surname" value="Sch&amp;midt"/>
      <select name="surnameMode"><option value="sounds">Sounds</option><option value="exact" selected="">Exact</option></select>
      <select name="province"><option value="">Any</option><option value="Kalisz">Kalisz</option></select>
      <input id="yearFrom" name="yearFrom"/><input type="hidden" name="sort" value="year"/></form>
      <a href="/x/search?surname=a&amp;page=2">next</a><a href="/other?foo=1">other</a>`;
    expect(formParameters(html, "/x/search")).toEqual([
      ["surnameMode", "exact"],
      ["province", "Kalisz"],
      ["surname", "Sch&midt"],
      ["yearFrom", "1850"],
      ["sort", "year"],
      ["page", "2"],
    ]);
  });
});

describe("readSqlmapOutput", () => {
  it("reads injectable and clean parameters from sqlmap's console output", () => {
    const text = [
      "[01:26:49] [WARNING] heuristic (basic) test shows that GET parameter 'surname' might not be injectable",
      "[01:26:50] [INFO] GET parameter 'surname' appears to be 'AND boolean-based blind - WHERE or HAVING clause' injectable (with --string=\"Schmidt\")",
      "[01:27:35] [INFO] GET parameter 'surname' is 'Generic UNION query (NULL) - 1 to 20 columns' injectable ",
      "[01:28:00] [WARNING] GET parameter 'yearFrom' does not seem to be injectable",
      "Parameter: surname (GET)",
    ].join("\n");
    expect(readSqlmapOutput(text)).toEqual({ injectable: ["surname"], clean: ["yearFrom"] });
    expect(readSqlmapOutput("[x] [WARNING] GET parameter 'q' does not seem to be injectable")).toEqual({
      injectable: [],
      clean: ["q"],
    });
  });
});
