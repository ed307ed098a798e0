import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("safe Markdown", () => {
  it("renders ordinary Markdown", () => {
    const html = renderMarkdown("# Guide\n\nSee [the index](/stpete/birth/search) and **Heimtal**.");
    expect(html).toContain("<h1>Guide</h1>");
    expect(html).toContain('<a href="/stpete/birth/search">the index</a>');
    expect(html).toContain("<strong>Heimtal</strong>");
  });

  it("shows raw HTML as text and neutralises dangerous links", () => {
    const html = renderMarkdown(
      "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) ![i](data:text/html,x) [x](//evil.example)",
    );
    expect(html).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>|javascript:|data:text|\/\/evil/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("never lets a tag through, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const html = renderMarkdown(`<${s}`);
        expect(html).not.toMatch(/<(script|iframe|object|embed|svg|math|style)/i);
      }),
      { numRuns: 500 },
    );
  });
});
