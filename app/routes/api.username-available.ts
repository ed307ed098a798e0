import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminAuthForData } from "~/auth/guard.server";
import { usernameAvailabilityResponse } from "~/members/username-edit-page.server";
import { asJsonRefusal } from "~/routing/responses";

/** GET /api/username-available?username=…: whether the signed-in member could take that name. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Only an active member may change a username, so only one may ask which names are taken.
  await requireAdminAuthForData(request).catch(asJsonRefusal);
  return usernameAvailabilityResponse(request);
}
