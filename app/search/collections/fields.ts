/**
 * The shapes every record collection is declared with (DESIGN §3): search and display fields, the
 * collection definition, and the small builders the group files share. Shared by the server, the browser and the
 * route config, so it must stay free of server-only imports and use relative imports (the route config reads it
 * outside the app's path aliases).
 */
import type { SortColumn } from "../../db/schema";
import type { ListingField } from "../../listing/search-form";
import {
  CODE_MODES,
  RECORD_GIVEN_NAME_MODES,
  type MatchMode,
  RECORD_PLACE_MODES,
  RECORD_SURNAME_MODES,
} from "../../names/match-modes";

/** "code": a film, register or page number, matched by its characters (no sounds or accents). */
export type FieldKind = "surname" | "givenName" | "place" | "parish" | "code";

const MODES_BY_KIND: Record<FieldKind, readonly MatchMode[]> = {
  surname: RECORD_SURNAME_MODES,
  givenName: RECORD_GIVEN_NAME_MODES,
  place: RECORD_PLACE_MODES,
  parish: RECORD_PLACE_MODES,
  code: CODE_MODES,
};

export type { SortColumn };

/** A search field of a record collection: `name` is also the key in a record's data. */
export interface SearchField extends ListingField {
  kind: FieldKind;
  /** The records-table column the field sorts on, if it is sortable. */
  sortColumn?: SortColumn;
  /**
   * The record fields whose values this search field finds, when not just
   * `name`: a Lublin given name is found in its Polish and its Germanised
   * form ("Bogumił", "Gottlieb"); "father or spouse" in either slot. The
   * first source is the one the field sorts on.
   */
  sources?: readonly string[];
}

export interface DisplayField {
  name: string;
  label: string;
}

export type RecordKind = "birth" | "death" | "marriage" | "index";
export type Access = "public" | "members";

export interface CollectionDef {
  /** Stable identifier, also the value of the records.collection column's code mapping. */
  id: string;
  /** Small integer stored in the database. Never reuse a code. */
  code: number;
  /** URL prefix without trailing slash, e.g. "/stpete/birth". */
  basePath: string;
  title: string;
  shortTitle: string;
  group: string;
  description: string;
  access: Access;
  recordKind: RecordKind;
  /** Years the registers cover (for the form's hints and the suggestions). */
  years: { from: number; to: number; missing: readonly number[] };
  searchFields: readonly SearchField[];
  /** Columns of the results table (after the date column). */
  resultColumns: readonly DisplayField[];
  /** Every field shown on the record page, in order. */
  detailFields: readonly DisplayField[];
  /** Fields of the source citation. */
  sourceFields: readonly DisplayField[];
  /** Sort used when the URL gives none. */
  defaultSort: readonly string[];
  /** Name of the person the record is about, for titles and citations. */
  subject: (data: Record<string, string | null>) => string;
  /**
   * The people a unified search can find in a record (child, father, groom,
   * bride…), each as its surname and given-name fields. A visitor's
   * "Schulz" is counted once per role, with a link that searches that role.
   */
  roles: readonly { key: string; label: string; surname: string; givenName: string }[];
}

export function field(
  name: string,
  label: string,
  kind: FieldKind,
  sortColumn?: SortColumn,
  sources?: readonly string[],
): SearchField {
  return {
    name,
    label,
    kind,
    modes: MODES_BY_KIND[kind],
    defaultMode: MODES_BY_KIND[kind][0] as MatchMode,
    sortColumn,
    ...(sources ? { sources } : {}),
  };
}

/** A field with a closed list of values, matched exactly (the form shows a select). */
export function choiceField(
  name: string,
  label: string,
  choices: readonly { value: string; label: string }[],
): SearchField {
  return { name, label, kind: "code", modes: ["exact"], defaultMode: "exact", choices };
}

/** The record fields a search field reads its values from. */
export function fieldSources(f: SearchField): readonly string[] {
  return f.sources ?? [f.name];
}

export const personName = (surname: string | null, given: string | null) =>
  [given, surname].filter(Boolean).join(" ") || "Unnamed";

/** A name kept as the register wrote it and in its Germanised form (Lublin, Volhynia): the record page shows both. */
export const AS_WRITTEN_AND_GERMANISED: readonly DisplayField[] = [
  { name: "surname", label: "Surname (as written)" },
  { name: "surnameDe", label: "Surname (Germanised)" },
  { name: "givenName", label: "Given name (as written)" },
  { name: "givenNameDe", label: "Given name (Germanised)" },
];

/** A copy of `fields` with `extra` after the field named `after`. */
export function withAfter(fields: readonly DisplayField[], after: string, extra: DisplayField): DisplayField[] {
  const i = fields.findIndex((f) => f.name === after);
  return [...fields.slice(0, i + 1), extra, ...fields.slice(i + 1)];
}

/** A group of collections: its heading, and the short label the wide menu shows (the full name no longer fits). */
export interface CollectionGroup {
  label: string;
  shortLabel: string;
}
