import type { LoaderFunctionArgs } from "@remix-run/node";
import { usernameAvailabilityResponse } from "~/members/username-edit-page.server";

/** GET /api/username-available?username=…: whether the signed-in member could take that name. */
export async function loader({ request }: LoaderFunctionArgs) {
  return usernameAvailabilityResponse(request);
}
