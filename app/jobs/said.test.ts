import { describe, expect, it } from "vitest";
import { readStoredMessage, storedMessage } from "./said";

describe("a problem's stored message", () => {
  it("keeps its English and its key and values, and reads back a message stored before keys were kept", () => {
    const say = { key: "problems.yearOutside", values: { year: 1920, from: 1833, to: 1885 } };
    const english = "The year 1920 is outside this collection's years, 1833–1885";
    expect(readStoredMessage(storedMessage(english, say))).toEqual({ message: english, say });
    expect(storedMessage(english, undefined)).toBe(english);
    expect(readStoredMessage("Surname is empty: every record needs it")).toEqual({
      message: "Surname is empty: every record needs it",
    });
  });

  it("reads a damaged key as no key, and keeps no separator a cell's text brought into the English", () => {
    expect(readStoredMessage("The date is empty\u001F{not json")).toEqual({ message: "The date is empty" });
    expect(readStoredMessage('The date is empty\u001F{"values":{}}')).toEqual({ message: "The date is empty" });
    const stored = storedMessage("“a\u001Fb” is not a date", { key: "problems.date.notADate", values: { text: "a" } });
    expect(readStoredMessage(stored).message).toBe("“ab” is not a date");
  });
});
