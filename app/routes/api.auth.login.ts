import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiLogin } from "~/auth/api.server";

/** POST /api/auth/login {username, password}: sign-in for scripts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiLogin(request, context.clientIp);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return apiLogin(request, context.clientIp);
}
