import { Marked, type Tokens } from "marked";

/**
 * Markdown written by administrators, rendered safely: raw HTML is shown as
 * text, and links and images may only point to http(s), mailto or this
 * site, so a content page can never carry a script.
 */
const SAFE_URL = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
  },
  walkTokens(token) {
    if ((token.type === "link" || token.type === "image") && !SAFE_URL.test(token.href.trim())) {
      token.href = "#";
    }
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown) as string;
}
