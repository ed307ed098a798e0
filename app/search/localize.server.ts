import { translator } from "~/i18n/i18next.server";
import { formatList } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import type { CollectionDef, DisplayField, SearchField } from "./collections";

/**
 * A collection as a reader of `language` sees it (issue 29): its title and description from the `catalog`
 * namespace (the menu's and home page's words, app/catalog-text.server.ts), its field labels from the `fields`
 * catalogs, keyed by collection and field name (`lublin-birth.fields.surname`: a record's fields, which the import
 * pages map columns to; `.search.` the form's fields, `.columns.` the results table's). Everything else — names,
 * paths, modes, the records — is the registry's. English is the registry itself (app/search/localize.server.test.ts
 * holds the English catalog to its labels).
 */
const localized = new Map<string, CollectionDef>();

export function localizedCollection(collection: CollectionDef, language: Language): CollectionDef {
  if (language === "en") return collection;
  const key = `${language}:${collection.id}`;
  let def = localized.get(key);
  if (!def) localized.set(key, (def = localize(collection, language)));
  return def;
}

function localize(c: CollectionDef, language: Language): CollectionDef {
  const t = translator(language, "fields");
  const label = (part: "fields" | "search" | "columns", f: { name: string; label: string }) =>
    String(t(`${c.id}.${part}.${f.name}` as never, { defaultValue: f.label } as never));
  const display = (part: "fields" | "columns") => (f: DisplayField) => ({ ...f, label: label(part, f) });
  const search = (f: SearchField): SearchField => ({
    ...f,
    label: label("search", f),
    ...(f.choices
      ? {
          choices: f.choices.map((x) => ({
            ...x,
            label: String(t(`recordTypes.${x.value}` as never, { defaultValue: x.label } as never)),
          })),
        }
      : {}),
  });
  const subject = c.subject;
  return {
    ...c,
    title: sourceWord(language, c.id, "title", c.title),
    description: sourceWord(language, c.id, "description", c.description),
    searchFields: c.searchFields.map(search),
    resultColumns: c.resultColumns.map(display("columns")),
    detailFields: c.detailFields.map(display("fields")),
    sourceFields: c.sourceFields.map(display("fields")),
    // A marriage is titled with the couple: "Johann Schulz und Anna Radke".
    subject:
      c.recordKind === "marriage"
        ? (data) => {
            const [groom, bride] = subject(data).split(" and ");
            return bride === undefined ? groom! : formatList(language, [groom!, bride]);
          }
        : subject,
  };
}

/** A record type's label ("Birth or baptism") in `language`. */
export function recordTypeLabel(language: Language, value: string, english: string): string {
  return String(translator(language, "fields")(`recordTypes.${value}` as never, { defaultValue: english } as never));
}

/** A source's title or description (a collection's, a place index's) in `language`, from the `catalog` namespace. */
export function sourceWord(language: Language, id: string, key: "title" | "description", english: string): string {
  return String(translator(language, "catalog")(`sources.${id}.${key}` as never, { defaultValue: english } as never));
}
