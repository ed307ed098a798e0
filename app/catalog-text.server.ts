import { type CatalogSource, CATALOG, sourcePath } from "~/catalog";
import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";

/**
 * The catalog's words in a language (issue 29): titles, descriptions and menu groups of the sources, from the
 * `catalog` namespace, keyed by source id and by the group's English label. The catalog itself keeps the English
 * words, which are also the fallback for a source added before its translations.
 */
export interface SourceText {
  title: string;
  shortTitle: string;
  description: string;
  group: string;
  groupShortLabel?: string;
  /** Beside its menu link: "Members" for a members' source, what the directory is for. */
  menuNote?: string;
}

/** A group's key in the catalogs: its English label in lower case, words joined by "-". */
export function groupKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function sourceText(language: Language, source: CatalogSource): SourceText {
  const t = translator(language, "catalog");
  const own = (key: string, english: string) => t(`sources.${source.id}.${key}` as never, { defaultValue: english });
  const group = `groups.${groupKey(source.group)}`;
  const description = own("description", source.description);
  return {
    title: own("title", source.title),
    shortTitle: own("shortTitle", source.shortTitle),
    description,
    group: t(`${group}.label` as never, { defaultValue: source.group }),
    groupShortLabel: source.groupShortLabel
      ? t(`${group}.short` as never, { defaultValue: source.groupShortLabel })
      : undefined,
    menuNote:
      source.menuNote === undefined
        ? undefined
        : source.kind === "directory"
          ? description
          : t("notes.members", { defaultValue: source.menuNote }),
  };
}

/** The menu's groups of sources, in catalog order and in a language: each source's short title, search page and note. */
export function catalogGroupsIn(language: Language): {
  label: string;
  shortLabel?: string;
  links: { label: string; to: string; description?: string }[];
  directory: boolean;
}[] {
  const groups = new Map<string, ReturnType<typeof catalogGroupsIn>[number]>();
  for (const s of CATALOG) {
    const text = sourceText(language, s);
    const group = groups.get(s.group) ?? {
      label: text.group,
      shortLabel: text.groupShortLabel,
      links: [],
      directory: s.kind === "directory",
    };
    group.links.push({ label: text.shortTitle, to: sourcePath(s, "search"), description: text.menuNote });
    groups.set(s.group, group);
  }
  return [...groups.values()];
}
