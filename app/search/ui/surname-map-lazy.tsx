import { Suspense, lazy } from "react";
import type { SurnameMap as SurnameMapData } from "../surname-map.server";

/**
 * The surname's map, fetched only by the pages that show one: a records search and /Search load it when their
 * map view is asked for, so their ordinary pages stay within the JavaScript budget (issue 12). The server renders
 * it whole (entry.server.tsx waits for everything), so the page without JavaScript has its SVG and table.
 */
const SurnameMapNow = lazy(() => import("./surname-map").then((m) => ({ default: m.SurnameMap })));

export function SurnameMap(props: { map: SurnameMapData; subject: string }) {
  return (
    <Suspense fallback={<p className="surname-map-loading">Loading the map…</p>}>
      <SurnameMapNow {...props} />
    </Suspense>
  );
}
