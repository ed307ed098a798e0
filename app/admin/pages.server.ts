import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { validateCsrf } from "~/auth/csrf.server";
import { requireAdminAuth } from "~/auth/guard.server";
import type { Database } from "~/db/connection.server";
import {
  deleteContentPage,
  getContentPage,
  isValidSlug,
  listContentPages,
  saveContentPage,
} from "~/members/content-pages.server";
import { renderMarkdown } from "~/members/markdown.server";
import { readForm } from "~/routing/form-data.server";
import { matchPath } from "@remix-run/react";
import { sitePatterns, sourceRoutes } from "~/catalog";
import { PATHS, contentPagePath } from "~/routing/paths";
import { invalidRouteParams, invariantResponse, notFoundMessage } from "~/routing/responses";
import { getDatabase } from "~/db/current.server";
import { type ContentPageInput, contentPageSchema } from "./forms";
import { languageOfRequest } from "~/auth/language.server";
import { formMessages, pageMeta, translator } from "~/i18n/i18next.server";
import { formatErrorsIn } from "./form-messages.server";

/**
 * /members/admin/pages — the members' content pages editor: the list, a new
 * page, editing one (with a preview that saves nothing) and deleting one
 * after a confirmation. Published pages are read at /members/{slug}.
 */

const PAGES_PATH = PATHS.adminPages;

export const SLUG_TAKEN = "A page with this address exists already. Choose another address.";
export const SLUG_RESERVED = "This address belongs to another part of the site. Choose another address.";
export const SLUG_INVALID =
  "Use lowercase letters, digits and hyphens (and / between parts), e.g. “guides/volhynia-parishes”.";
export const CONFIRM_DELETE = "Tick the box to confirm that the page should be deleted.";

/**
 * Whether /members/{slug} is already a route of its own (or the admin area,
 * or this editor's "new"), where a content page could never be read or edited:
 * a page of the site in any letter case, or an address of the shape of a
 * members' source page (`x/search`, `x/y/record/1`), which the source routes
 * answer before the content pages.
 */
export function isReservedSlug(slug: string): boolean {
  const first = slug.split("/")[0];
  if (first === "admin" || slug === "new") return true;
  const path = contentPagePath(slug);
  if (sitePatterns().some((p) => p.toLowerCase() === path.toLowerCase())) return true;
  return sourceRoutes().some((r) => r.members && matchPath({ path: r.path, caseSensitive: true }, path) !== null);
}

export async function loadPagesList(request: Request) {
  await requireAdminAuth(request, { admin: true });
  const pages = await listContentPages(await getDatabase(), { includeDrafts: true });
  const url = new URL(request.url);
  const saved = url.searchParams.get("saved");
  const deleted = url.searchParams.get("deleted");
  return {
    meta: pageMeta(await languageOfRequest(request), "admin", "meta.pages"),
    pages: pages.map((p) => ({ slug: p.slug, title: p.title, published: p.published, updatedAt: p.updatedAt })),
    saved: saved && isValidSlug(saved) ? saved : null,
    deleted: deleted && isValidSlug(deleted) ? deleted : null,
  };
}

/** The page the editor's URL names, or a 404. */
async function pageFromParams(database: Database, request: Request, slug: string | undefined) {
  const { pathname } = new URL(request.url);
  if (!slug || !isValidSlug(slug)) throw invalidRouteParams(pathname);
  const page = await getContentPage(database, slug, { includeDrafts: true });
  invariantResponse(page, () => notFoundMessage(pathname));
  return page;
}

export async function loadNewPage(request: Request) {
  await requireAdminAuth(request, { admin: true });
  return { page: null, meta: pageMeta(await languageOfRequest(request), "admin", "meta.newPage") };
}

export async function loadEditPage(request: Request, slug: string | undefined) {
  await requireAdminAuth(request, { admin: true });
  const page = await pageFromParams(await getDatabase(), request, slug);
  const t = translator(await languageOfRequest(request), "admin");
  return {
    meta: { title: t("meta.editPage.title", { title: page.title }), description: t("meta.editPage.description") },
    page: {
      slug: page.slug,
      title: page.title,
      body: page.bodyMarkdown,
      published: page.published,
      updatedAt: page.updatedAt,
    },
  };
}

/** Parses the editor's form and checks the address against the pages that exist (`editing`: the page's current slug). */
export async function parsePageForm(
  database: Database,
  formData: FormData,
  editing: string | null,
  formatError: (issues: readonly { message: string }[]) => string[] = (issues) => issues.map((i) => i.message),
) {
  return parseWithZod(formData, {
    async: true,
    formatError,
    schema: contentPageSchema.superRefine(async (v, ctx) => {
      if (!isValidSlug(v.slug)) {
        ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_INVALID });
      } else if (isReservedSlug(v.slug)) {
        ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_RESERVED });
      } else if (v.slug !== editing && (await getContentPage(database, v.slug, { includeDrafts: true }))) {
        ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_TAKEN });
      }
    }),
  });
}

/** Saves a page; a changed slug moves it (the old address stops answering). */
export async function savePage(
  database: Database,
  input: ContentPageInput,
  editing: string | null,
  actor: { userId: number; ip: string },
) {
  await database.db.transaction().execute(async (trx) => {
    const tx = { ...database, db: trx };
    await saveContentPage(
      tx,
      { slug: input.slug, title: input.title, bodyMarkdown: input.body, published: input.published },
      actor,
    );
    if (editing && editing !== input.slug) await deleteContentPage(tx, editing, actor);
  });
}

export async function editorAction(request: Request, slugParam: string | undefined, clientIp: string) {
  const admin = await requireAdminAuth(request, { admin: true });
  const database = await getDatabase();
  // undefined: the "new page" route; otherwise the page being edited must exist.
  const editing = slugParam === undefined ? null : (await pageFromParams(database, request, slugParam)).slug;
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const actor = { userId: admin.id, ip: clientIp };
  const intent = formData.get("intent");
  const language = await languageOfRequest(request);

  if (intent === "delete") {
    if (!editing || formData.get("confirm") !== "yes") {
      return data(
        {
          intent: "delete" as const,
          result: null,
          preview: null,
          confirmError: formMessages(language)(CONFIRM_DELETE),
        },
        { status: 400 },
      );
    }
    await deleteContentPage(database, editing, actor);
    return redirect(`${PAGES_PATH}?deleted=${encodeURIComponent(editing)}`);
  }

  const submission = await parsePageForm(database, formData, editing, formatErrorsIn(language));
  if (submission.status !== "success") {
    return data(
      { intent: "save" as const, result: submission.reply(), preview: null, confirmError: null },
      { status: 400 },
    );
  }
  if (intent === "preview") {
    // Nothing is saved: the form comes back as typed, with the page as members would see it.
    return data({
      intent: "preview" as const,
      result: submission.reply(),
      preview: { title: submission.value.title, html: renderMarkdown(submission.value.body) },
      confirmError: null,
    });
  }
  await savePage(database, submission.value, editing, actor);
  return redirect(`${PAGES_PATH}?saved=${encodeURIComponent(submission.value.slug)}`);
}
