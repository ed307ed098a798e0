import type { MetaDescriptor } from "@remix-run/node";
import { type PageMeta, metaTags } from "~/i18n/meta";

/**
 * A members' page's title and description from its loader (`meta`, translated there); on an error page, which has
 * no loader data, the root's, since Remix takes the deepest route's meta as the whole of it and an empty one would
 * leave the page without a title.
 */
export function pageOrRootMeta({
  data,
  matches,
}: {
  data: unknown;
  matches: readonly { id: string; meta: MetaDescriptor[] }[];
}): MetaDescriptor[] {
  const meta = (data as { meta?: PageMeta } | null | undefined)?.meta;
  if (meta) return metaTags(meta);
  return matches.find((m) => m.id === "root")?.meta ?? [];
}
