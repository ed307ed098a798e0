import { describe, expect, it } from "vitest";
import { HASH_REDIRECT_SCRIPT } from "./hash-redirect";

function run(hash: string) {
  const replaced: string[] = [];
  const documentElement = { className: "" };
  const fn = new Function("location", "document", HASH_REDIRECT_SCRIPT);
  fn({ hash, replace: (url: string) => replaced.push(url) }, { documentElement });
  return { replaced, className: documentElement.className };
}

describe("legacy hash redirect", () => {
  it("sends #/path to /path, keeping the query", () => {
    expect(run("#/stpete/birth/search").replaced).toEqual(["/stpete/birth/search"]);
    expect(run("#/stpete/birth/search?surname=Schulz").replaced).toEqual(["/stpete/birth/search?surname=Schulz"]);
  });
  it("leaves ordinary fragments alone", () => {
    expect(run("#main").replaced).toEqual([]);
    expect(run("").replaced).toEqual([]);
  });
  it("never leaves the site", () => {
    expect(run("#//evil.example/x").replaced).toEqual(["/"]);
    expect(run("#/\\evil.example").replaced).toEqual(["/"]);
  });
  it("marks the document as scripted", () => {
    expect(run("").className).toBe("js");
  });
});
