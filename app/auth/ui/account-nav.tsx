import { Form, Link, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { getBrowserSession } from "../use-browser-session";
import { PATHS, signInPath } from "~/routing/paths";

/**
 * "Sign in", or who is signed in and "Sign out". Rendered from the server's
 * view of the refresh cookie, so the first paint is already right (no
 * flash); the browser session's local-storage state follows it.
 */
export function AccountNav({ user }: { user: { username: string; role?: string } | null }) {
  const location = useLocation();
  const { t } = useTranslation("common");
  if (!user) {
    if (location.pathname === PATHS.login) return null;
    const back = `${location.pathname}${location.search}`;
    const href = signInPath(back);
    return (
      <Link to={href} className="account-link">
        {t("account.signIn")}
      </Link>
    );
  }
  async function signOut(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the spec's logout call runs (SPEC §7.2) so local storage follows;
    // a failed logout changes nothing and leaves the user signed in.
    event.preventDefault();
    if (await getBrowserSession().logout()) window.location.assign("/");
  }
  return (
    <Form method="post" action={PATHS.logout} className="account-nav" onSubmit={signOut}>
      <AuthenticityTokenInput name="csrf" />
      {user.role === "admin" && (
        <Link to={PATHS.admin} className="account-admin">
          {t("account.administration")}
        </Link>
      )}
      <Link to={PATHS.profile} className="account-name">
        <span className="visually-hidden">{t("account.signedInAs")} </span>
        {user.username}
      </Link>
      <button type="submit" className="btn btn-secondary btn-small">
        {t("account.signOut")}
      </button>
    </Form>
  );
}
