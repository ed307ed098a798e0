import { describe, expect, it } from "vitest";
import { errorsIn, formatErrorsIn } from "./form-messages.server";

describe("the administrators' form messages", () => {
  it("are the forms catalog's sentences in the reader's language; one not in it stays as written", () => {
    expect(errorsIn("pl", { q: "Search with at most 100 characters.", page: "Something new." })).toEqual({
      q: "Wpisz najwyżej 100 znaków.",
      page: "Something new.",
    });
    expect(
      formatErrorsIn("ru")([{ message: "Give the page a title." }, { message: "Write the page's text." }]),
    ).toEqual(["Дайте странице название.", "Напишите текст страницы."]);
    expect(formatErrorsIn("en")([{ message: "Give the page a title." }])).toEqual(["Give the page a title."]);
  });
});
