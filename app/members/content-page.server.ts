import { requireAdminAuth } from "~/auth/guard.server";
import { invalidRouteParams, invariantResponse, notFoundMessage } from "~/routing/responses";
import { getDatabase } from "~/db/current.server";
import { getContentPage, isValidSlug, renderContentPage } from "./content-pages.server";
import { languageOfRequest } from "~/auth/language.server";
import { translator } from "~/i18n/i18next.server";

/**
 * /members/* — the spec's catch-all behind the auth-admin guard: a
 * members' content page by its slug. The guard runs first, so a visitor
 * learns nothing about which pages exist.
 */
export async function loadMembersContentPage(request: Request, slug: string | undefined) {
  await requireAdminAuth(request);
  const { pathname } = new URL(request.url);
  if (!slug || !isValidSlug(slug)) throw invalidRouteParams(pathname);
  const page = await getContentPage(await getDatabase(), slug);
  invariantResponse(page, () => notFoundMessage(pathname));
  const rendered = renderContentPage(page);
  // The page's own title and text are the society's, written in one language; only the site's words around them are
  // translated.
  const t = translator(await languageOfRequest(request), "members");
  return {
    ...rendered,
    meta: { title: t("meta.content.title", { title: rendered.title }), description: rendered.title },
  };
}
