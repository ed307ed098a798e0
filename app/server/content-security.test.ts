import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security";

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text once, and no script that has a src", () => {
    const html =
      `<html><head><script>a()</script><script type="module" async="">import "/x.js";</script>` +
      `<script src="/assets/y.js"></script><script  src='/z.js'>ignored()</script></head>` +
      `<body><script>a()</script><SCRIPT>b()</SCRIPT ></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/x.js";'), sha("b()")]);
  });

  it("hashes a script's UTF-8 bytes when given the page's bytes", () => {
    const script = 'window.x = "Zbrożek — Рожище";';
    const page = Buffer.from(`<p>Łódź</p><script>${script}</script><script src="/a.js"></script>`, "utf8");
    expect(inlineScriptHashes(page)).toEqual([sha(script)]);
  });

  it("finds nothing on a page without inline scripts", () => {
    expect(inlineScriptHashes("<p>no scripts</p><script></script>")).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts by 'strict-dynamic' and the page's hashes, never 'unsafe-inline' or a nonce", () => {
    const policy = contentSecurityPolicy(["sha256-abc"], { NODE_ENV: "production" });
    const scripts = /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1];
    expect(scripts).toBe("'strict-dynamic' 'sha256-abc' 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toMatch(/nonce-/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("script-src-attr 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain("ws:");
  });

  it("lets no inline script run on an answer that is not a rendered page", () => {
    expect(contentSecurityPolicy([], { NODE_ENV: "production" })).toContain("script-src 'strict-dynamic' 'self';");
  });

  it("admits the configured tile server's images", () => {
    const policy = contentSecurityPolicy([], {
      NODE_ENV: "production",
      MAP_TILE_URL: "https://tiles.example.org/{z}/{x}/{y}.png",
    });
    expect(policy).toMatch(/img-src 'self' data: https:\/\/tiles\.example\.org(;|$)/);
  });
});
