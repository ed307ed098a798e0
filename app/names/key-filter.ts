import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Schema } from "~/db/schema";
import { nameKeys } from "./keys";
import type { MatchMode } from "./match-modes";
import { prefixRange } from "./word-starts";

/**
 * One field criterion (a value and a match mode) as a filter over a key
 * table: the places, people and member directory searches store each
 * spelling of a name with its exact and folded keys, and its codes in a
 * second table, and all of them ask those tables the same way. (The record
 * collections keep their own dictionary and posting lists: decision 0001.)
 */

type TablesWith<Row> = { [T in keyof Schema]: Schema[T] extends Row ? T : never }[keyof Schema];

/** A table (or the rows of one field in it) whose rows name an owner: a place, a person, a member. */
export type KeySource<Row> =
  TablesWith<Row> extends infer T
    ? T extends keyof Schema
      ? {
          table: T;
          owner: keyof Schema[T] & string;
          /** Fixed column values that narrow the table to one field. */
          where?: { [C in keyof Schema[T] & string]?: Schema[T][C] & string };
        }
      : never
    : never;

export interface KeyTable {
  /** Rows with `exact_key` and `folded`. */
  names: KeySource<{ exact_key: string; folded: string }>;
  /**
   * Each tail of a folded name that begins at a word (`word_key`, app/names/word-starts.ts): `starts` becomes a
   * range scan of these instead of a LIKE over every name. Without it, `starts` scans the folded names.
   */
  words?: KeySource<{ word_key: string }>;
  /** Daitch–Mokotoff codes (`code`), for `sounds`. */
  codes?: KeySource<{ code: string }>;
  /** Given-name group keys (`code`), for `variants`. */
  variants?: KeySource<{ code: string }>;
  /**
   * `sounds`: "every" typed word must share a code with some word of the
   * name (the default), or "any" shared code will do.
   */
  sounds?: "every" | "any";
}

export interface NameCriterion {
  value: string;
  mode: MatchMode;
}

/** The filter on an owner id column (`"places.id"`): true for the owners whose keys match. */
export type KeyFilter = (owner: string) => Expression<SqlBool>;

function owners(source: KeySource<object>, condition: RawBuilder<unknown>): RawBuilder<unknown> {
  const fixed = Object.entries(source.where ?? {}).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  return sql`(select ${sql.ref(source.owner)} from ${sql.table(source.table)} where ${sql.join(
    [...fixed, condition],
    sql` and `,
  )})`;
}

function eachIn(code: string, source: KeySource<object>, groups: string[][]): RawBuilder<unknown>[] {
  return groups.map((group) => owners(source, sql`${sql.ref(code)} in (${sql.join(group)})`));
}

/**
 * The owners whose keys match the criterion, or null when nothing can match
 * (a value that folds to nothing, a word without codes, a mode the table
 * has no keys for).
 */
export function keyFilter(table: KeyTable, criterion: NameCriterion): KeyFilter | null {
  const keys = nameKeys(criterion.value, { variants: criterion.mode === "variants" });
  let subqueries: RawBuilder<unknown>[];
  switch (criterion.mode) {
    case "exact":
      subqueries = [owners(table.names, sql`exact_key = ${keys.exact}`)];
      break;
    case "starts":
      if (table.words && keys.folded !== "") {
        const { from, to } = prefixRange(keys.folded);
        subqueries = [owners(table.words, sql`word_key >= ${from} and word_key < ${to}`)];
        break;
      }
    // falls through: without word keys, a LIKE over the folded names
    case "normalized":
    case "contains": {
      if (keys.folded === "") return null;
      // Folded keys hold only letters, digits and single spaces: no LIKE wildcard can come from the user.
      const condition =
        criterion.mode === "normalized"
          ? sql`folded = ${keys.folded}`
          : criterion.mode === "starts"
            ? sql`(folded like ${`${keys.folded}%`} or folded like ${`% ${keys.folded}%`})`
            : sql`folded like ${`%${keys.folded}%`}`;
      subqueries = [owners(table.names, condition)];
      break;
    }
    case "sounds": {
      let groups = keys.words.map((w) => w.phonetic).filter((codes) => codes.length > 0);
      if (table.sounds === "any") groups = keys.phonetic.length ? [keys.phonetic] : [];
      if (!table.codes || !groups.length) return null;
      subqueries = eachIn("code", table.codes, groups);
      break;
    }
    case "variants": {
      const groups = keys.words.map((w) => w.variants);
      if (!table.variants || !groups.length) return null;
      subqueries = eachIn("code", table.variants, groups);
      break;
    }
  }
  return (owner) =>
    sql<SqlBool>`${sql.join(
      subqueries.map((s) => sql`${sql.ref(owner)} in ${s}`),
      sql` and `,
    )}`;
}
