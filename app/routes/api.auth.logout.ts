import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiLogout } from "~/auth/api.server";

/** GET /api/auth/logout (SPEC §7.2): ends the sign-in and clears the cookie. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiLogout(request, context.clientIp);
}
