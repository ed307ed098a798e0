import { writeAudit } from "~/auth/audit.server";
import type { Database } from "~/db/connection.server";
import { renderMarkdown } from "./markdown.server";

/**
 * Members' content pages, served under /members/{slug} (the spec's
 * catch-all route). Slugs are lowercase words joined by hyphens, so a page
 * can never shadow a route or escape its folder.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
export const MAX_SLUG_LENGTH = 120;
export const MAX_TITLE_LENGTH = 200;
export const MAX_BODY_LENGTH = 200_000;

export interface ContentPage {
  slug: string;
  title: string;
  bodyMarkdown: string;
  published: boolean;
  updatedAt: string;
}

export const isValidSlug = (slug: string) => slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug);

function toPage(row: { slug: string; title: string; body_markdown: string; published: number; updated_at: string }) {
  return {
    slug: row.slug,
    title: row.title,
    bodyMarkdown: row.body_markdown,
    published: Number(row.published) === 1,
    updatedAt: row.updated_at,
  } satisfies ContentPage;
}

export async function getContentPage(
  database: Database,
  slug: string,
  opts: { includeDrafts?: boolean } = {},
): Promise<ContentPage | undefined> {
  if (!isValidSlug(slug)) return undefined;
  let q = database.db.selectFrom("content_pages").selectAll().where("slug", "=", slug);
  if (!opts.includeDrafts) q = q.where("published", "=", 1);
  const row = await q.executeTakeFirst();
  return row ? toPage(row) : undefined;
}

export async function listContentPages(database: Database, opts: { includeDrafts?: boolean } = {}) {
  let q = database.db.selectFrom("content_pages").selectAll().orderBy("title");
  if (!opts.includeDrafts) q = q.where("published", "=", 1);
  return (await q.execute()).map(toPage);
}

export async function saveContentPage(
  database: Database,
  page: { slug: string; title: string; bodyMarkdown: string; published: boolean },
  actor: { userId: number; ip?: string },
): Promise<void> {
  if (!isValidSlug(page.slug)) throw new Error("invalid slug");
  const now = new Date().toISOString();
  const values = {
    title: page.title.slice(0, MAX_TITLE_LENGTH),
    body_markdown: page.bodyMarkdown.slice(0, MAX_BODY_LENGTH),
    published: page.published ? 1 : 0,
    updated_at: now,
    updated_by: actor.userId,
  };
  await database.db
    .insertInto("content_pages")
    .values({ slug: page.slug, ...values })
    .onConflict((oc) => oc.column("slug").doUpdateSet(values))
    .execute();
  await writeAudit(database, {
    actorUserId: actor.userId,
    subjectUserId: null,
    action: "content-page.saved",
    details: { slug: page.slug, published: page.published },
    ip: actor.ip,
  });
}

export async function deleteContentPage(database: Database, slug: string, actor: { userId: number; ip?: string }) {
  await database.db.deleteFrom("content_pages").where("slug", "=", slug).execute();
  await writeAudit(database, {
    actorUserId: actor.userId,
    subjectUserId: null,
    action: "content-page.deleted",
    details: { slug },
    ip: actor.ip,
  });
}

export function renderContentPage(page: ContentPage): { title: string; html: string; updatedAt: string } {
  return { title: page.title, html: renderMarkdown(page.bodyMarkdown), updatedAt: page.updatedAt };
}
