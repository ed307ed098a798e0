import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";
import type { loadPlacePage } from "../page.server";
import { metaTags } from "~/i18n/meta";

/** A place page's title and description, written by its loader in the reader's language. */
export function placePageMeta({ data }: { data: unknown }): MetaDescriptor[] {
  return metaTags((data as SerializeFrom<typeof loadPlacePage> | undefined)?.meta);
}
