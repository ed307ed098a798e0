import type { LoaderFunctionArgs } from "@remix-run/node";
import { baseMapShapesResponse } from "~/maps/files.server";

/** GET /maps/base.json?v=…: the bundled base map's land, borders and coastlines (Natural Earth). */
export async function loader({ request }: LoaderFunctionArgs) {
  return baseMapShapesResponse(request);
}
