import { type Kysely, sql } from "kysely";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { foldName } from "~/names/normalize";
import type { FamilyCollectionId } from "./collections";
import { dateSort, dateText } from "./dates";
import type { FamilyDataSet, FamilyInput, PersonInput, TreeInput } from "./input";
import { type KeyedValues, type PersonKeys, personKeys } from "./person-keys";

/**
 * Writing linked people: each person with the search keys of its surname,
 * given name, birth and death place (folded and exact keys, the
 * Daitch–Mokotoff codes of every word, given-name variant groups), its
 * sources, then the families and their children. Numbers (L…, G…) come with
 * the data; internal ids are assigned here.
 */

const BATCH = 500;

export { KEY_FIELDS, VARIANT_FIELD } from "./person-keys";

export async function nextId(db: Kysely<Schema>, table: "people" | "families" | "family_trees"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

async function insertChunks<T>(n: number, rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += n) await insert(rows.slice(i, i + n));
}

/** A person's keys and codes with its id; worked out here unless they came with the person (`keyed`). */
function keysOf(p: KeyedValues & { keyed?: PersonKeys }, id: number) {
  const { keys, codes } = p.keyed ?? personKeys(p);
  return {
    keys: keys.map((k) => ({ person_id: id, ...k })),
    codes: codes.map((c) => ({ person_id: id, ...c })),
  };
}

/**
 * Writes people (at most a few thousand: the caller cuts a large set into chunks) with their keys, codes and
 * sources. `idOf` gives each number its id; a person's `tree` is counted from `firstTree`.
 */
export async function insertPeople(
  trx: Kysely<Schema>,
  collection: FamilyCollectionId,
  people: readonly (PersonInput & { keyed?: PersonKeys })[],
  idOf: (number: number) => number,
  firstTree: number,
): Promise<void> {
  for (let i = 0; i < people.length; i += BATCH) {
    const chunk = people.slice(i, i + BATCH);
    await trx
      .insertInto("people")
      .values(
        chunk.map((p) => ({
          id: idOf(p.number),
          collection,
          number: p.number,
          tree_id: p.tree === null ? null : firstTree + p.tree,
          surname: p.surname,
          given: p.given,
          sort_surname: p.keyed?.sortSurname ?? foldName(p.surname),
          sort_given: p.keyed?.sortGiven ?? foldName(p.given),
          sex: p.sex,
          birth_date: p.birth ? dateText(p.birth) : null,
          birth_sort: p.birth ? dateSort(p.birth) : null,
          birth_year: p.birth?.year ?? null,
          birth_place: p.birthPlace,
          death_date: p.death ? dateText(p.death) : null,
          death_sort: p.death ? dateSort(p.death) : null,
          death_year: p.death?.year ?? null,
          death_place: p.deathPlace,
          notes: p.notes,
          xref: p.xref ?? null,
        })),
      )
      .execute();
    const keyed = chunk.map((p) => keysOf(p, idOf(p.number)));
    await insertChunks(
      1000,
      keyed.flatMap((k) => k.keys),
      (rows) => trx.insertInto("person_keys").values(rows).execute(),
    );
    await insertChunks(
      1000,
      keyed.flatMap((k) => k.codes),
      (rows) => trx.insertInto("person_codes").values(rows).execute(),
    );
    const sources = chunk.flatMap((p) =>
      p.sources.map((citation, position) => ({ person_id: idOf(p.number), position, citation })),
    );
    await insertChunks(1000, sources, (rows) => trx.insertInto("person_sources").values(rows).execute());
  }
}

/** Writes families and their children, the first with id `firstFamily`; `idOf` gives a person's id by number. */
export async function insertFamilies(
  trx: Kysely<Schema>,
  collection: FamilyCollectionId,
  families: readonly FamilyInput[],
  firstFamily: number,
  idOf: (number: number) => number | null,
): Promise<void> {
  const rows = families.map((f, i) => ({
    id: firstFamily + i,
    collection,
    husband_id: f.husband === null ? null : idOf(f.husband),
    wife_id: f.wife === null ? null : idOf(f.wife),
    marriage_date: f.marriage ? dateText(f.marriage) : null,
    marriage_sort: f.marriage ? dateSort(f.marriage) : null,
    marriage_place: f.marriagePlace,
  }));
  await insertChunks(BATCH, rows, (chunk) => trx.insertInto("families").values(chunk).execute());
  const children = families.flatMap((f, i) =>
    f.children.map((number, position) => ({
      family_id: firstFamily + i,
      child_id: idOf(number) as number,
      position,
    })),
  );
  await insertChunks(1000, children, (chunk) => trx.insertInto("family_children").values(chunk).execute());
}

/** Writes trees, the first with id `firstTree`. */
export async function insertTrees(trx: Kysely<Schema>, trees: readonly TreeInput[], firstTree: number): Promise<void> {
  await trx
    .insertInto("family_trees")
    .values(
      trees.map((t, i) => ({
        id: firstTree + i,
        title: t.title,
        submitter: t.submitter,
        submitted_on: t.submittedOn,
        status: t.status ?? "approved",
        submitter_id: t.submitterId ?? null,
        batch_id: t.batchId ?? null,
        replaces_id: t.replacesId ?? null,
      })),
    )
    .execute();
}

/** Adds a data set to a collection; returns the number of people written. */
export async function importFamilies(
  database: Database,
  collection: FamilyCollectionId,
  data: FamilyDataSet,
): Promise<number> {
  return (await writeFamilies(database, collection, data)).people;
}

/**
 * Adds a data set to a collection in one transaction; returns the id of its first tree (the others follow
 * in order; null when the data set has none) and the number of people written.
 */
export async function writeFamilies(
  database: Database,
  collection: FamilyCollectionId,
  data: FamilyDataSet,
): Promise<{ firstTreeId: number | null; people: number }> {
  let firstTreeId: number | null = null;
  await database.db.transaction().execute(async (trx) => {
    // Ids are read inside the transaction, so that what is written is what was counted.
    const firstTree = await nextId(trx, "family_trees");
    const firstPerson = await nextId(trx, "people");
    const firstFamily = await nextId(trx, "families");
    const idOf = new Map<number, number>();
    data.people.forEach((p, i) => idOf.set(p.number, firstPerson + i));
    if (data.trees.length) firstTreeId = firstTree;
    if (data.trees.length) await insertTrees(trx, data.trees, firstTree);
    await insertPeople(trx, collection, data.people, (n) => idOf.get(n) as number, firstTree);
    await insertFamilies(trx, collection, data.families, firstFamily, (n) => idOf.get(n) ?? null);
  });
  return { firstTreeId, people: data.people.length };
}

/** Rewrites every person's codes from the stored names (after a change of the coder); returns the people. */
export async function rewritePersonCodes(database: Database): Promise<number> {
  const { db } = database;
  let count = 0;
  for (let from = 0; ;) {
    const people = await db
      .selectFrom("people")
      .select(["id", "surname", "given", "birth_place", "death_place"])
      .where("id", ">", from)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (!people.length) break;
    from = Number(people[people.length - 1].id);
    const codes = people.flatMap(
      (p) =>
        keysOf(
          { surname: p.surname, given: p.given, birthPlace: p.birth_place, deathPlace: p.death_place },
          Number(p.id),
        ).codes,
    );
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("person_codes")
        .where(
          "person_id",
          "in",
          people.map((p) => Number(p.id)),
        )
        .execute();
      await insertChunks(1000, codes, (rows) => trx.insertInto("person_codes").values(rows).execute());
    });
    count += people.length;
  }
  return count;
}

export async function peopleCount(database: Database, collection: FamilyCollectionId): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from people where collection = ${collection}`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}
