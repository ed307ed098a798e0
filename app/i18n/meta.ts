import type { MetaDescriptor } from "@remix-run/node";

/** A page's title and description, translated on the server by its loader (./i18next.server.ts `pageMeta`). */
export interface PageMeta {
  title: string;
  description: string;
}

/** The meta tags of a page whose loader returned its `meta`; none while it has none (an error page keeps the root's). */
export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  return [{ title: meta.title }, { name: "description", content: meta.description }];
}
