import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMe } from "~/auth/api.server";

/** GET /api/auth/me: who the Bearer token (or the cookie) belongs to. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiMe(request, context.clientIp);
}
