import { describe, expect, it } from "vitest";
import {
  CODE_MODES,
  GIVEN_NAME_MODES,
  MATCH_MODES,
  MATCH_MODE_LABELS,
  PLACE_NAME_MODES,
  RECORD_PLACE_MODES,
  RESEARCH_SURNAME_MODES,
  SURNAME_MODES,
  isMatchMode,
  modeOptions,
} from "./match-modes";

describe("match modes", () => {
  const lists = {
    SURNAME_MODES,
    GIVEN_NAME_MODES,
    RECORD_PLACE_MODES,
    PLACE_NAME_MODES,
    CODE_MODES,
    RESEARCH_SURNAME_MODES,
  };

  it.each(Object.entries(lists))("%s lists each mode once, all of them known", (_, list) => {
    expect(new Set(list).size).toBe(list.length);
    for (const m of list) expect(MATCH_MODES).toContain(m);
  });

  it("gives every mode a label of its own", () => {
    const labels = MATCH_MODES.map((m) => MATCH_MODE_LABELS[m]);
    expect(new Set(labels).size).toBe(MATCH_MODES.length);
  });

  it("defaults each kind of field to the mode its users expect", () => {
    expect(SURNAME_MODES[0]).toBe("sounds");
    expect(GIVEN_NAME_MODES[0]).toBe("variants");
    expect(RECORD_PLACE_MODES[0]).toBe("normalized");
    expect(PLACE_NAME_MODES[0]).toBe("starts");
    expect(CODE_MODES[0]).toBe("exact");
  });

  it("offers only the modes a name without variants can use to places and codes", () => {
    expect(PLACE_NAME_MODES).not.toContain("variants");
    expect(CODE_MODES).not.toContain("sounds");
  });

  it("turns a list into select options and checks membership", () => {
    expect(modeOptions(CODE_MODES)).toEqual([
      { value: "exact", label: "Exact spelling" },
      { value: "starts", label: "Starts with" },
      { value: "contains", label: "Contains" },
    ]);
    expect(isMatchMode(RESEARCH_SURNAME_MODES, "sounds")).toBe(true);
    expect(isMatchMode(RESEARCH_SURNAME_MODES, "contains")).toBe(false);
    expect(isMatchMode(RESEARCH_SURNAME_MODES, "constructor")).toBe(false);
  });
});
