import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { signOutEverywhereAction } from "~/auth/sign-in-page.server";
import { loadProfilePage } from "~/members/profile-page.server";
import { ProfilePage } from "~/members/ui/profile-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadProfilePage(request);
}

/** The profile's one form: "Sign out everywhere". */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireActiveMember(request);
  return signOutEverywhereAction(request, user, context.clientIp);
}

export default function Profile() {
  return <ProfilePage />;
}

export const handle = i18nHandle("members");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
