import type { LoaderFunctionArgs } from "@remix-run/node";
import { baseMapTownsResponse } from "~/maps/files.server";

/** GET /maps/towns.json?v=…: the base map's reference towns (GeoNames, CC BY 4.0). */
export async function loader({ request }: LoaderFunctionArgs) {
  return baseMapTownsResponse(request);
}
