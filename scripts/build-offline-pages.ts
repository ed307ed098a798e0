// Writes the service worker's offline page in every language into public/ from app/locales/<language>/offline.json
// (app/service-worker/offline-page.ts). Run after changing those catalogs; offline-page.test.ts fails until then.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type OfflineKey, offlinePages } from "../app/service-worker/offline-page";

const root = path.resolve(import.meta.dirname, "..");
const pages = offlinePages(
  (language) =>
    JSON.parse(readFileSync(path.join(root, "app/locales", language, "offline.json"), "utf8")) as Record<
      OfflineKey,
      string
    >,
);
for (const [address, html] of pages) writeFileSync(path.join(root, "public", address), html);
console.log(`offline pages: ${[...pages.keys()].join(", ")}`);
