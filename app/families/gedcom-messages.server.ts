// The GEDCOM reader's messages (app/gedcom, ./tree-scan.ts) as a member reads them after an upload: the reader, the
// database and the log keep them in English; the pages show them in the member's language. Each English message is
// matched against the English catalog's templates (`trees` → `gedcom`), whose {{placeholders}} stand for the parts
// taken from the file (tags, ids, lines, counts), and written again with the same parts in the reader's language.
import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";

interface Template {
  key: string;
  pattern: RegExp;
}

let templates: Template[] | undefined;

function compile(): Template[] {
  const english = translator("en", "trees")("gedcom" as never, { returnObjects: true }) as unknown as Record<
    string,
    string
  >;
  return Object.entries(english).map(([key, template]) => {
    const parts = template.split(/\{\{(\w+)\}\}/);
    const named = new Set<string>();
    const source = parts
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        // A part named twice ("more than {{max}} … at most {{max}}") is the same text both times.
        if (named.has(part)) return `\\k<${part}>`;
        named.add(part);
        return `(?<${part}>.*?)`;
      })
      .join("");
    return { key, pattern: new RegExp(`^${source}$`, "s") };
  });
}

/** A GEDCOM problem's English message in the reader's language; one the catalog does not know stays as it is. */
export function gedcomMessageIn(language: Language, message: string): string {
  if (language === "en") return message;
  templates ??= compile();
  for (const { key, pattern } of templates) {
    const match = pattern.exec(message);
    if (match) return translator(language, "trees")(`gedcom.${key}` as never, { ...match.groups });
  }
  return message;
}

/** Problems by line, their messages in the reader's language. */
export function gedcomProblemsIn<P extends { message: string }>(language: Language, problems: readonly P[]): P[] {
  return problems.map((p) => ({ ...p, message: gedcomMessageIn(language, p.message) }));
}
