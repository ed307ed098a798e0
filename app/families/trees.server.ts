import { rm } from "node:fs/promises";
import type { Kysely, Transaction } from "kysely";
import { writeAudit } from "~/auth/audit.server";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { type WritablePerson, writeGedcom } from "./gedcom-write";
import type { FamilyCollection } from "./collections";
import { mayBeLiving, parseDateText } from "./dates";
import type { FamilyInput } from "./input";
import {
  GEDCOM_BATCH_KIND,
  type SubmitOutcome,
  type SubmittedTree,
  type TreeAnalysis,
  type TreeJobInput,
  oneAtATime,
  startTreeJob,
} from "./tree-jobs.server";
import { SHOWN_ERRORS } from "./tree-scan";
import { PERSON_FIELDS } from "./lineage.server";
import type { PersonRowRaw } from "./search.server";

/**
 * Members' own trees in the Master Pedigree Database (decision 0026). An upload is written at once, people,
 * keys and families, as a "pending" tree that only its submitter and the administrators see; an administrator
 * approves it (shown to all members) or rejects it. A newer file of a tree waits as a pending tree that names the
 * one it replaces; approving it removes the old tree and gives its people the old numbers where the xref is the
 * same. A withdrawn, rejected or replaced tree keeps its row (the history) but not its people.
 */

export type TreeStatus = "pending" | "approved" | "rejected" | "withdrawn" | "replaced";

export { GEDCOM_BATCH_KIND, SHOWN_ERRORS, type SubmitOutcome, type SubmittedTree, type TreeAnalysis };

export interface Actor {
  userId: number;
  ip: string;
}

export const NOT_YOURS = "That tree is not one of yours, or it is no longer open to this.";

export type SubmitInput = TreeJobInput;

/**
 * Reads a stored GEDCOM and, when it has no errors, writes it as a pending tree (the batch with the file's
 * warnings, the tree, its people with their search keys and xrefs, its families), as the upload page does but
 * waiting for the end (the command line, tests). A file with errors, or a replacement of a tree that is not the
 * submitter's to replace, writes nothing. The file is removed either way.
 */
export async function submitTree(database: Database, input: SubmitInput, ip: string): Promise<SubmitOutcome> {
  const started = await startTreeJob(database, input, ip);
  return "refused" in started ? started.refused : started.outcome;
}

/**
 * Removes the uploaded file of a tree that is withdrawn, rejected or replaced: a member who takes a tree back
 * takes its file too. The batch keeps the name, size and checksum.
 */
async function removeStoredFile(database: Database, treeId: number): Promise<void> {
  const row = await database.db
    .selectFrom("family_trees")
    .innerJoin("import_batches", "import_batches.id", "family_trees.batch_id")
    .select("import_batches.file_path")
    .where("family_trees.id", "=", treeId)
    .executeTakeFirst();
  if (row?.file_path) await rm(row.file_path, { force: true });
}

/** Removes a tree's people (keys, codes, sources) and families; the tree's row stays. */
async function removeTreeData(trx: Transaction<Schema>, treeId: number): Promise<void> {
  const ofTree = trx.selectFrom("people").select("people.id").where("people.tree_id", "=", treeId);
  const families = trx
    .selectFrom("families")
    .select("families.id")
    .where((eb) => eb.or([eb("husband_id", "in", ofTree), eb("wife_id", "in", ofTree)]));
  const asChildren = trx.selectFrom("family_children").select("family_id").where("child_id", "in", ofTree);
  const familyIds = [
    ...new Set([
      ...(await families.execute()).map((f) => Number(f.id)),
      ...(await asChildren.execute()).map((f) => Number(f.family_id)),
    ]),
  ];
  for (let i = 0; i < familyIds.length; i += 500) {
    const chunk = familyIds.slice(i, i + 500);
    await trx.deleteFrom("family_children").where("family_id", "in", chunk).execute();
    await trx.deleteFrom("families").where("id", "in", chunk).execute();
  }
  await trx.deleteFrom("family_children").where("child_id", "in", ofTree).execute();
  await trx.deleteFrom("person_codes").where("person_id", "in", ofTree).execute();
  await trx.deleteFrom("person_keys").where("person_id", "in", ofTree).execute();
  await trx.deleteFrom("person_sources").where("person_id", "in", ofTree).execute();
  await trx.deleteFrom("people").where("tree_id", "=", treeId).execute();
}

/**
 * Approves a pending tree: its people are shown. When it replaces an approved tree, the old tree's people are
 * removed and each new person whose xref the old tree had takes the old number, so links and citations to
 * G… numbers keep working. False when the tree is not waiting.
 */
export async function approveTree(database: Database, treeId: number, actor: Actor): Promise<boolean> {
  const result = await oneAtATime(() =>
    database.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("family_trees")
        .set({ status: "approved" })
        .where("id", "=", treeId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      const tree = await trx
        .selectFrom("family_trees")
        .select(["replaces_id", "submitter_id", "title"])
        .where("id", "=", treeId)
        .executeTakeFirstOrThrow();
      let kept = 0;
      const old = tree.replaces_id
        ? await trx
            .selectFrom("family_trees")
            .select("id")
            .where("id", "=", tree.replaces_id)
            .where("status", "=", "approved")
            .executeTakeFirst()
        : undefined;
      if (old) {
        const oldPeople = await trx
          .selectFrom("people")
          .select(["xref", "number"])
          .where("tree_id", "=", Number(old.id))
          .where("xref", "is not", null)
          .execute();
        const numberOf = new Map(oldPeople.map((p) => [p.xref as string, Number(p.number)]));
        await removeTreeData(trx, Number(old.id));
        await trx.updateTable("family_trees").set({ status: "replaced" }).where("id", "=", Number(old.id)).execute();
        const newPeople = await trx
          .selectFrom("people")
          .select(["id", "xref"])
          .where("tree_id", "=", treeId)
          .where("xref", "is not", null)
          .execute();
        for (const p of newPeople) {
          const number = numberOf.get(p.xref as string);
          if (number === undefined) continue;
          await trx.updateTable("people").set({ number }).where("id", "=", Number(p.id)).execute();
          kept++;
        }
      }
      return { tree, replaced: old ? Number(old.id) : null, kept };
    }),
  );
  if (!result) return false;
  if (result.replaced) await removeStoredFile(database, result.replaced);
  await writeAudit(database, {
    actorUserId: actor.userId,
    subjectUserId: result.tree.submitter_id === null ? null : Number(result.tree.submitter_id),
    action: "tree.approved",
    details: {
      tree: treeId,
      title: result.tree.title,
      ...(result.replaced ? { replaced: result.replaced, numbersKept: result.kept } : {}),
    },
    ip: actor.ip,
  });
  return true;
}

/** Rejects a pending tree: its people are removed, the reason kept in the audit log. False when not waiting. */
export async function rejectTree(database: Database, treeId: number, reason: string, actor: Actor): Promise<boolean> {
  const tree = await closeTree(database, treeId, "rejected", ["pending"], null);
  if (!tree) return false;
  await removeStoredFile(database, treeId);
  await writeAudit(database, {
    actorUserId: actor.userId,
    subjectUserId: tree.submitterId,
    action: "tree.rejected",
    details: { tree: treeId, title: tree.title, reason: reason || "none given" },
    ip: actor.ip,
  });
  return true;
}

/** The submitter withdraws a pending or approved tree of their own: its people leave the search. */
export async function withdrawTree(database: Database, treeId: number, actor: Actor): Promise<boolean> {
  const tree = await closeTree(database, treeId, "withdrawn", ["pending", "approved"], actor.userId);
  if (!tree) return false;
  await removeStoredFile(database, treeId);
  await writeAudit(database, {
    actorUserId: actor.userId,
    subjectUserId: actor.userId,
    action: "tree.withdrawn",
    details: { tree: treeId, title: tree.title },
    ip: actor.ip,
  });
  return true;
}

async function closeTree(
  database: Database,
  treeId: number,
  to: TreeStatus,
  from: TreeStatus[],
  submitterId: number | null,
): Promise<{ title: string; submitterId: number | null } | null> {
  return oneAtATime(() =>
    database.db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable("family_trees")
        .set({ status: to })
        .where("id", "=", treeId)
        .where("status", "in", from);
      if (submitterId !== null) update = update.where("submitter_id", "=", submitterId);
      const updated = await update.executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      await removeTreeData(trx, treeId);
      const tree = await trx
        .selectFrom("family_trees")
        .select(["title", "submitter_id"])
        .where("id", "=", treeId)
        .executeTakeFirstOrThrow();
      return { title: tree.title, submitterId: tree.submitter_id === null ? null : Number(tree.submitter_id) };
    }),
  );
}

export interface TreeSummary {
  id: number;
  title: string;
  status: TreeStatus;
  fileName: string;
  submittedAt: string;
  submitterId: number | null;
  submitter: string;
  people: number;
  families: number;
  warnings: number;
  replacesId: number | null;
  replacesTitle: string | null;
}

function treeQuery(db: Kysely<Schema>) {
  return db
    .selectFrom("family_trees")
    .leftJoin("import_batches", "import_batches.id", "family_trees.batch_id")
    .leftJoin("users", "users.id", "family_trees.submitter_id")
    .leftJoin("family_trees as old", "old.id", "family_trees.replaces_id")
    .select([
      "family_trees.id",
      "family_trees.title",
      "family_trees.status",
      "family_trees.submitter",
      "family_trees.submitter_id",
      "family_trees.submitted_on",
      "family_trees.replaces_id",
      "old.title as replaces_title",
      "import_batches.file_name",
      "import_batches.created_at",
      "import_batches.analysis",
      "users.username",
    ]);
}

type TreeRow = Awaited<ReturnType<ReturnType<typeof treeQuery>["execute"]>>[number];

function summary(r: TreeRow): TreeSummary {
  const a = JSON.parse(r.analysis ?? "{}") as Partial<TreeAnalysis>;
  return {
    id: Number(r.id),
    title: r.title,
    status: r.status as TreeStatus,
    fileName: r.file_name ?? "",
    submittedAt: r.created_at ?? r.submitted_on,
    submitterId: r.submitter_id === null ? null : Number(r.submitter_id),
    submitter: r.username ?? r.submitter,
    people: a.people ?? 0,
    families: a.families ?? 0,
    warnings: a.warnings ?? 0,
    replacesId: r.replaces_id === null ? null : Number(r.replaces_id),
    replacesTitle: r.replaces_title ?? null,
  };
}

/** A member's own submissions, newest first. */
export async function listMemberTrees(database: Database, userId: number): Promise<TreeSummary[]> {
  const rows = await treeQuery(database.db)
    .where("family_trees.submitter_id", "=", userId)
    .orderBy("family_trees.id", "desc")
    .limit(500)
    .execute();
  return rows.map(summary);
}

/** Trees waiting for an administrator, oldest first. */
export async function listWaitingTrees(database: Database): Promise<TreeSummary[]> {
  const rows = await treeQuery(database.db)
    .where("family_trees.status", "=", "pending")
    .orderBy("family_trees.id")
    .limit(500)
    .execute();
  return rows.map(summary);
}

export interface TreeViewer {
  userId: number;
  isAdmin: boolean;
}

export interface TreePreview {
  tree: TreeSummary;
  warnings: { line: number; tag: string; message: string }[];
  people: { number: number; surname: string; given: string; birthDate: string | null; deathDate: string | null }[];
}

export const PREVIEW_PEOPLE = 500;
export const PREVIEW_WARNINGS = 200;

/** One tree as its submitter or an administrator may look at it before approval; undefined for anyone else. */
export async function getTreePreview(
  database: Database,
  treeId: number,
  viewer: TreeViewer,
): Promise<TreePreview | undefined> {
  let q = treeQuery(database.db).where("family_trees.id", "=", treeId);
  if (!viewer.isAdmin) q = q.where("family_trees.submitter_id", "=", viewer.userId);
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const tree = summary(row);
  const batch = await database.db
    .selectFrom("family_trees")
    .select("batch_id")
    .where("id", "=", treeId)
    .executeTakeFirst();
  const warnings =
    batch?.batch_id === null || batch?.batch_id === undefined
      ? []
      : await database.db
          .selectFrom("import_problems")
          .select(["row", "column_name", "message"])
          .where("batch_id", "=", Number(batch.batch_id))
          .orderBy("position")
          .limit(PREVIEW_WARNINGS)
          .execute();
  const people = await database.db
    .selectFrom("people")
    .select(["number", "surname", "given", "birth_date", "death_date"])
    .where("tree_id", "=", treeId)
    .orderBy("sort_surname")
    .orderBy("sort_given")
    .orderBy("number")
    .limit(PREVIEW_PEOPLE)
    .execute();
  return {
    tree,
    warnings: warnings.map((w) => ({ line: Number(w.row), tag: w.column_name, message: w.message })),
    people: people.map((p) => ({
      number: Number(p.number),
      surname: p.surname,
      given: p.given,
      birthDate: p.birth_date,
      deathDate: p.death_date,
    })),
  };
}

export const MIN_DEPTH = 1;
export const MAX_DEPTH = 10;
export const DEFAULT_DEPTH = 4;

/** The `depth` of an export address: a whole number 1–10, 4 when not given. */
export function parseDepth(raw: string | null): { depth: number } | { error: string } {
  if (raw === null || raw === "") return { depth: DEFAULT_DEPTH };
  const n = Number(raw);
  if (!/^\d{1,2}$/.test(raw) || !Number.isInteger(n) || n < MIN_DEPTH || n > MAX_DEPTH) {
    return { error: `The depth is the number of generations, a whole number from ${MIN_DEPTH} to ${MAX_DEPTH}.` };
  }
  return { depth: n };
}

export interface ExportViewer {
  isAdmin: boolean;
  userId: number | null;
}

type ExportRow = PersonRowRaw;

/**
 * A person's ancestors and descendants to `depth` generations (with the descendants' spouses) as GEDCOM 5.5.1.
 * Only people the viewer may see are written: of an approved tree, or of the viewer's own (an administrator sees
 * all); people who may be living are left out unless the viewer submitted their tree or is an administrator.
 * Undefined when the person is not there for the viewer.
 */
export async function exportPersonGedcom(
  database: Database,
  collection: FamilyCollection,
  number: number,
  depth: number,
  viewer: ExportViewer,
  now: Date = new Date(),
): Promise<{ text: string; people: number; families: number } | undefined> {
  const { db } = database;
  const trees = await db.selectFrom("family_trees").select(["id", "status", "submitter_id"]).execute();
  const treeOf = new Map(trees.map((t) => [Number(t.id), t]));
  const own = (treeId: number | null) =>
    treeId !== null && viewer.userId !== null && Number(treeOf.get(treeId)?.submitter_id) === viewer.userId;
  const visible = (r: ExportRow) =>
    viewer.isAdmin ||
    r.tree_id === null ||
    treeOf.get(Number(r.tree_id))?.status === "approved" ||
    (own(Number(r.tree_id)) && treeOf.get(Number(r.tree_id))?.status === "pending");
  const shown = (r: ExportRow) =>
    visible(r) &&
    (viewer.isAdmin ||
      own(r.tree_id === null ? null : Number(r.tree_id)) ||
      !mayBeLiving(
        {
          birthYear: r.birth_year === null ? null : Number(r.birth_year),
          deathYear: r.death_year === null ? null : Number(r.death_year),
        },
        now,
      ));
  const columns = PERSON_FIELDS;
  const root = (await db
    .selectFrom("people")
    .select(columns)
    .where("collection", "=", collection.id)
    .where("number", "=", number)
    .executeTakeFirst()) as ExportRow | undefined;
  if (!root || !visible(root)) return undefined;

  const familyIds = new Set<number>();
  const personIds = new Set<number>([Number(root.id)]);
  // Upwards: the family each person was born into, and its parents.
  let level = [Number(root.id)];
  for (let g = 0; g < depth && level.length; g++) {
    const rows = await db
      .selectFrom("family_children")
      .innerJoin("families", "families.id", "family_children.family_id")
      .select(["families.id", "families.husband_id", "families.wife_id"])
      .where("family_children.child_id", "in", level)
      .execute();
    level = [];
    for (const r of rows) {
      familyIds.add(Number(r.id));
      for (const parent of [r.husband_id, r.wife_id]) {
        if (parent !== null && !personIds.has(Number(parent))) {
          personIds.add(Number(parent));
          level.push(Number(parent));
        }
      }
    }
  }
  // Downwards: each person's marriages, the spouse and the children.
  level = [Number(root.id)];
  for (let g = 0; g < depth && level.length; g++) {
    const unions = await db
      .selectFrom("families")
      .select(["id", "husband_id", "wife_id"])
      .where((eb) => eb.or([eb("husband_id", "in", level), eb("wife_id", "in", level)]))
      .execute();
    const next: number[] = [];
    for (const u of unions) {
      familyIds.add(Number(u.id));
      for (const spouse of [u.husband_id, u.wife_id]) if (spouse !== null) personIds.add(Number(spouse));
    }
    if (unions.length) {
      const kids = await db
        .selectFrom("family_children")
        .select("child_id")
        .where(
          "family_id",
          "in",
          unions.map((u) => Number(u.id)),
        )
        .execute();
      for (const k of kids) {
        if (!personIds.has(Number(k.child_id))) {
          personIds.add(Number(k.child_id));
          next.push(Number(k.child_id));
        }
      }
    }
    level = next;
  }

  const rows: ExportRow[] = [];
  const ids = [...personIds];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = (await db
      .selectFrom("people")
      .select(columns)
      .where("id", "in", ids.slice(i, i + 500))
      .execute()) as ExportRow[];
    for (const row of chunk) rows.push(row);
  }
  const written = rows.filter(shown).sort((a, b) => Number(a.number) - Number(b.number));
  const numberOfId = new Map(written.map((r) => [Number(r.id), Number(r.number)]));
  const people: WritablePerson[] = written.map((r) => ({
    number: Number(r.number),
    surname: r.surname,
    given: r.given,
    sex: r.sex === "m" || r.sex === "f" ? r.sex : "u",
    birth: r.birth_date ? parseDateText(r.birth_date) : null,
    birthPlace: r.birth_place,
    death: r.death_date ? parseDateText(r.death_date) : null,
    deathPlace: r.death_place,
    notes: r.notes,
    sources: [],
  }));
  const sources = written.length
    ? await db
        .selectFrom("person_sources")
        .select(["person_id", "citation"])
        .where(
          "person_id",
          "in",
          written.map((r) => Number(r.id)),
        )
        .orderBy("person_id")
        .orderBy("position")
        .execute()
    : [];
  const byNumber = new Map(people.map((p) => [p.number, p]));
  for (const s of sources) byNumber.get(numberOfId.get(Number(s.person_id)) as number)?.sources.push(s.citation);

  const families: FamilyInput[] = [];
  const famIds = [...familyIds].sort((a, b) => a - b);
  for (let i = 0; i < famIds.length; i += 500) {
    const chunk = famIds.slice(i, i + 500);
    const fams = await db
      .selectFrom("families")
      .select(["id", "husband_id", "wife_id", "marriage_date", "marriage_place"])
      .where("id", "in", chunk)
      .orderBy("id")
      .execute();
    const kids = await db
      .selectFrom("family_children")
      .select(["family_id", "child_id"])
      .where("family_id", "in", chunk)
      .orderBy("family_id")
      .orderBy("position")
      .execute();
    for (const f of fams) {
      const at = (id: number | null) => (id === null ? null : (numberOfId.get(Number(id)) ?? null));
      const husband = at(f.husband_id);
      const wife = at(f.wife_id);
      const children = kids
        .filter((k) => Number(k.family_id) === Number(f.id))
        .map((k) => at(k.child_id))
        .filter((n): n is number => n !== null);
      if ([husband, wife, ...children].filter((n) => n !== null).length < 2) continue;
      // A marriage is a detail of both spouses' lives: written only when neither is left out.
      const whole = (f.husband_id === null || husband !== null) && (f.wife_id === null || wife !== null);
      families.push({
        husband,
        wife,
        marriage: whole && f.marriage_date ? parseDateText(f.marriage_date) : null,
        marriagePlace: whole ? f.marriage_place : "",
        children,
      });
    }
  }
  const title = shown(root) ? `${collection.title}: ${`${root.given} ${root.surname}`.trim()}` : collection.title;
  const text = writeGedcom({ people, families }, { title, date: now });
  return { text, people: people.length, families: families.length };
}
