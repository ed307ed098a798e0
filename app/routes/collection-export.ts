import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCsv } from "~/search/export.server";

/** GET {collection}/export.csv?{criteria}: the whole result set as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  return exportCsv(request);
}
