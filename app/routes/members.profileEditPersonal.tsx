import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { loadPersonalEditPage, personalEditAction } from "~/members/personal-edit-page.server";
import { PersonalEditPage } from "~/members/ui/personal-edit-page";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { i18nHandle } from "~/i18n/namespaces";
import { pageOrRootMeta } from "~/members/route-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireActiveMember(request);
  return loadPersonalEditPage(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireActiveMember(request);
  return personalEditAction(request, context.clientIp);
}

export default function ProfileEditPersonal() {
  return <PersonalEditPage />;
}

export const handle = i18nHandle("members", "forms");

export const meta: MetaFunction<typeof loader> = pageOrRootMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
