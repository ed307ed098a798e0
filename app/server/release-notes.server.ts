import { readFile } from "node:fs/promises";
import path from "node:path";
import { marked } from "marked";

let cached: string | undefined;

/** CHANGELOG.md rendered once per process: it only changes with a deployment. */
export async function releaseNotesHtml(file = path.resolve("CHANGELOG.md")): Promise<string> {
  if (cached !== undefined) return cached;
  const markdown = await readFile(file, "utf8");
  cached = await marked.parse(markdown, { gfm: true });
  return cached;
}
