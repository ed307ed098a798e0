import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRefresh } from "~/auth/api.server";

/** GET /api/auth/refresh (SPEC §7.1): a fresh access token; rotates the refresh cookie. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRefresh(request, context.clientIp);
}
