import type { LoaderFunctionArgs } from "@remix-run/node";
import { regionsResponse } from "~/members/regions-api.server";

/** GET /api/regions/:code: the regions of a country, for the region select. */
export async function loader({ params }: LoaderFunctionArgs) {
  return regionsResponse(params.code);
}
