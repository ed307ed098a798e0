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
  gridLabel,
}: {
  map: MapView;
  index: MapIndexId;
  title: string;
  description: string;
  /** The grid's name in the reader's language (the loader's, from the `places` catalogs). */
  gridLabel: string;
}) {
  return (
    <GeoMap view={map} title={title} description={description} grid={gridOverlayFor(index)} gridLabel={gridLabel} />
  );
}
