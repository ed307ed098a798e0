import type { LoaderFunctionArgs } from "@remix-run/node";
import { verifyEmailLink } from "~/auth/signup.server";

/** GET /signup/verify?token=…: the confirmation link; lands on /success or /signup/error. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return verifyEmailLink(request, context.clientIp);
}
