import { describe, expect, it } from "vitest";
import { getErrorStatus, NOT_FOUND_TITLE, SERVER_ERROR_TITLE } from "./error-page";

// The shape Remix gives a boundary for a thrown Response (the router's
// ErrorResponseImpl); isRouteErrorResponse checks exactly these fields.
function errorResponse(
  status: number,
  statusText: string,
  data: unknown,
  internal = false,
): { status: number; statusText: string; data: unknown; internal: boolean } {
  return { status, statusText, data, internal };
}

describe("getErrorStatus (SPEC §2 error page, §8)", () => {
  it("titles a 404 response 'Page Not Found'", () => {
    expect(getErrorStatus(errorResponse(404, "", null))).toEqual({
      status: 404,
      title: "Page Not Found",
      message: "",
    });
    expect(getErrorStatus(errorResponse(404, "Not Found", null)).title).toBe(NOT_FOUND_TITLE);
  });

  it("uses a string body as the message", () => {
    expect(getErrorStatus(errorResponse(404, "", "Page not found: /foo"))).toEqual({
      status: 404,
      title: "Page Not Found",
      message: "Page not found: /foo",
    });
  });

  it("uses the message of an object body", () => {
    expect(getErrorStatus(errorResponse(404, "", { message: "Page not found: /bar" })).message).toBe(
      "Page not found: /bar",
    );
    expect(getErrorStatus(errorResponse(400, "", { other: 1 })).message).toBe("");
  });

  it("titles a 500 without statusText 'Internal Server Error'", () => {
    expect(getErrorStatus(errorResponse(500, "", null))).toEqual({
      status: 500,
      title: "Internal Server Error",
      message: "",
    });
  });

  it("uses a supplied status message", () => {
    expect(getErrorStatus(errorResponse(503, "Service Unavailable", null))).toEqual({
      status: 503,
      title: "Service Unavailable",
      message: "",
    });
    expect(getErrorStatus(errorResponse(404, "Record Not Found", null)).title).toBe("Record Not Found");
  });

  it("gives client errors without statusText their reason phrase, not a server error", () => {
    expect(getErrorStatus(errorResponse(403, "", "Members only")).title).toBe("Forbidden");
    expect(getErrorStatus(errorResponse(418, "", null)).title).toBe(SERVER_ERROR_TITLE);
  });

  it("treats a thrown Error as 500 and never exposes its text", () => {
    expect(getErrorStatus(new Error("SQLITE_ERROR: no such table: records"))).toEqual({
      status: 500,
      title: "Internal Server Error",
      message: "",
    });
    expect(getErrorStatus("boom").status).toBe(500);
    expect(getErrorStatus(undefined).title).toBe(SERVER_ERROR_TITLE);
  });

  it("turns the router's own no-match 404 into the SPEC wording", () => {
    const noMatch = errorResponse(404, "Not Found", 'Error: No route matches URL "/nowhere"', true);
    expect(getErrorStatus(noMatch)).toEqual({
      status: 404,
      title: "Page Not Found",
      message: "Page not found: /nowhere",
    });
    expect(getErrorStatus(errorResponse(405, "Method Not Allowed", "Error: internal text", true)).message).toBe("");
  });

  it("reads status and statusText from a raw Response", () => {
    expect(getErrorStatus(new Response(null, { status: 502, statusText: "Bad Gateway" }))).toEqual({
      status: 502,
      title: "Bad Gateway",
      message: "",
    });
  });
});
