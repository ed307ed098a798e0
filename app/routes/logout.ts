import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOutAction } from "~/auth/sign-in-page.server";

/** POST /logout signs out; a GET (a typed or followed link) just goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOutAction(request, context.clientIp);
}
