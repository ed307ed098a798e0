import { GeoMap } from "~/maps/ui/geo-map";
import { useTranslation } from "~/i18n/react";
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
  const { t } = useTranslation("places");
  return (
    <GeoMap
      view={map}
      title={title}
      description={description}
      grid={gridOverlayFor(index)}
      gridLabel={t(`indexes.${index}.grid`)}
    />
  );
}
