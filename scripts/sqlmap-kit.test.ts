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
    expect(readSqlmapOutput(text)).toEqual({ injectable: ["surname"], clean: ["yearFrom"], cleared: [] });
    expect(readSqlmapOutput("[x] [WARNING] GET parameter 'q' does not seem to be injectable")).toEqual({
      injectable: [],
      clean: ["q"],
      cleared: [],
    });
  });

  it("counts a suspicion sqlmap's own false-positive check cleared as clean, named apart; one never cleared stays a finding", () => {
    // As sqlmap 1.7 wrote it for a name search whose results differ with the words of its payload (2026-11-25).
    const cleared = [
      "[09:13:22] [WARNING] heuristic (basic) test shows that GET parameter 'givenName' might not be injectable",
      "[09:13:24] [INFO] GET parameter 'givenName' appears to be 'AND boolean-based blind - WHERE or HAVING clause' injectable ",
      "[09:13:26] [INFO] checking if the injection point on GET parameter 'givenName' is a false positive",
      "[09:13:26] [WARNING] false positive or unexploitable injection point detected",
      "[09:13:26] [WARNING] GET parameter 'givenName' does not seem to be injectable",
      "[09:13:35] [WARNING] GET parameter 'birthPlace' does not seem to be injectable",
    ].join("\n");
    expect(readSqlmapOutput(cleared)).toEqual({ injectable: [], clean: ["birthPlace"], cleared: ["givenName"] });
    // Cut short by the time limit before the check: still a finding.
    const open = cleared.split("\n").slice(0, 2).join("\n");
    expect(readSqlmapOutput(open)).toEqual({ injectable: ["givenName"], clean: [], cleared: [] });
    // Confirmed in the summary: a finding whatever a line before said.
    expect(readSqlmapOutput(`${cleared}\nParameter: givenName (GET)`).injectable).toEqual(["givenName"]);
  });
});
