import { GeoMap } from "~/maps/ui/geo-map";
import type { MapView } from "~/maps/types";
import { gridOverlayFor } from "../grid-overlay";
import type { MapIndexId } from "../indexes";

/** A place index's map: the shared map with the index's own sheet grid to switch on. */
export function PlaceMap({
  map,
  index,
  title,
  description,
}: {
  map: MapView;
  index: MapIndexId;
  title: string;
  description: string;
}) {
  return <GeoMap view={map} title={title} description={description} grid={gridOverlayFor(index)} />;
}
