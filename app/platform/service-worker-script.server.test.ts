import { describe, expect, it } from "vitest";
import { BUILD_ID_PLACEHOLDER as WORKER_PLACEHOLDER } from "../service-worker/placeholder";
import { BUILD_ID_PLACEHOLDER, fillServiceWorker, serviceWorkerHeaders } from "./service-worker-script.server";

/** Evaluates the filled source as the bundled worker would, giving back the string literal's value. */
function evaluate(source: string): unknown {
  return new Function(`${source}; return buildId;`)();
}

describe("fillServiceWorker", () => {
  it("uses the same placeholder the worker bundle carries", () => {
    expect(BUILD_ID_PLACEHOLDER).toBe(WORKER_PLACEHOLDER);
    // Distinctive enough never to occur in the bundle by accident.
    expect(BUILD_ID_PLACEHOLDER).toMatch(/^__[A-Z_]+__$/);
  });

  it("replaces every placeholder, in double- and single-quoted literals", () => {
    const source = `const buildId = "${BUILD_ID_PLACEHOLDER}"; const again = '${BUILD_ID_PLACEHOLDER}'; x("${BUILD_ID_PLACEHOLDER}")`;
    const filled = fillServiceWorker(source, "2026-11-22T17-00-abc123");
    expect(filled).not.toContain(BUILD_ID_PLACEHOLDER);
    expect(filled.split("2026-11-22T17-00-abc123")).toHaveLength(4);
  });

  it("leaves a source without the placeholder untouched", () => {
    expect(fillServiceWorker("self.addEventListener('install', () => {});", "b1")).toBe(
      "self.addEventListener('install', () => {});",
    );
  });

  it.each([
    ['quo"te', "a double quote"],
    ["back\\slash", "a backslash"],
    ["line\nbreak\u2028sep", "line breaks"],
    ["</script><script>alert(1)</script>", "a closing script tag"],
    ["plain-id", "nothing special"],
  ])("keeps %j (%s) a single, intact string literal", (buildId) => {
    const filled = fillServiceWorker(`const buildId = "${BUILD_ID_PLACEHOLDER}";`, buildId);
    expect(evaluate(filled)).toBe(buildId);
  });

  it("escapes quotes, backslashes and every `<`", () => {
    const filled = fillServiceWorker(`"${BUILD_ID_PLACEHOLDER}"`, `a"b\\c</script>`);
    expect(filled).toBe(`"a\\"b\\\\c\\u003c/script>"`);
    expect(filled).not.toContain("<");
  });
});

describe("serviceWorkerHeaders", () => {
  it("serve the script as JavaScript, always revalidated, allowed to control the whole site", () => {
    const headers = new Headers(serviceWorkerHeaders());
    expect(headers.get("content-type")).toMatch(/^text\/javascript\b/);
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(headers.get("service-worker-allowed")).toBe("/");
  });
});
