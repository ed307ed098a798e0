import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { useTranslation, useTranslator } from "~/i18n/react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { getHoneypot } from "~/auth/signup.server";
import { csrfForPage } from "~/auth/csrf.server";
import { getCurrentUser } from "~/auth/guard.server";
import { REFRESH_COOKIE_NAME, carriesCookie } from "~/auth/sessions.server";
import { AccountNav } from "~/auth/ui/account-nav";
import { getBrowserSession } from "~/auth/use-browser-session";
import { currentBuildId } from "~/platform/build-info.server";
import { HASH_REDIRECT_SCRIPT } from "~/browser/hash-redirect";
import { usePageRuntime } from "~/browser/use-page-runtime";
import { logger } from "~/config/logger.server";
import styles from "~/styles/app.css?url";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { NavMenu } from "~/ui/nav-menu";
import { siteNavigation } from "~/navigation.server";
import { SkipLink } from "~/ui/skip-link";
import { PATHS, isVisitorFormPage } from "~/routing/paths";
import { isMembersPath } from "~/routing/members-area";
import { chooseLanguage, languageCookieFor, languageFromQuery } from "~/i18n/choose.server";
import { pageMeta } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, addressIn } from "~/i18n/languages";
import { metaTags } from "~/i18n/meta";
import { PAGE_RESOURCES_ID, pageResourcesOf, serializePageResources } from "~/i18n/page-resources";
import { LanguageMenu } from "~/ui/language-menu";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The site's own title when the root's data is missing (an error before its loader answered). */
const SITE_META = {
  title: "Metryka — parish register search",
  description: "Search transcribed parish registers of Poland, Volhynia, St. Petersburg and Odessa.",
};

export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta ?? SITE_META);

/**
 * The same page in each language, for search engines (`hreflang`): absolute addresses with `?lng=`, and the address
 * without it as the default (which follows the visitor's cookie or browser). Members' pages are not indexed.
 */
function languageAlternates(request: Request): { hrefLang: string; href: string }[] {
  const url = new URL(request.url);
  if (isMembersPath(url.pathname)) return [];
  const here = `${url.pathname}${url.search}`;
  const bare = new URL(url);
  bare.searchParams.delete("lng");
  return [
    ...LANGUAGES.map((language) => ({ hrefLang: language, href: new URL(addressIn(here, language), url).href })),
    { hrefLang: "x-default", href: bare.href },
  ];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [csrf, cookie] = await csrfForPage(request);
  // Who is signed in only decides the header. A database that does not answer must not turn every page into a 500:
  // each page's own loader decides (the guard still refuses), and /ConfigCheck can say what is wrong.
  const user = await getCurrentUser(request).catch((err: unknown) => {
    logger.warn({ err }, "could not read the sign-in; the page is rendered as signed out");
    return null;
  });
  const locale = chooseLanguage(request, user?.language);
  const headers = new Headers();
  if (cookie) headers.append("Set-Cookie", cookie);
  // A language chosen with `?lng=` is remembered for the next pages (the menu's links carry it).
  const chosen = languageFromQuery(request.url);
  const languageCookie = chosen && languageCookieFor(request, chosen);
  if (languageCookie) headers.append("Set-Cookie", languageCookie);
  return data(
    {
      csrf,
      // The spam trap's encrypted time stamp costs a cipher per page: only the visitors' form pages carry it.
      honeypot: isVisitorFormPage(new URL(request.url).pathname) ? getHoneypot().getInputProps() : {},
      user: user ? { username: user.username, role: user.role } : null,
      // Whether the browser holds a refresh cookie, which it cannot see (HttpOnly): without one there is no session
      // to refresh, and the call would only be refused.
      session: carriesCookie(request, REFRESH_COOKIE_NAME),
      buildId: currentBuildId(),
      // Built on the server from the catalog, so the catalog's registries stay out of every page's JavaScript.
      navigation: siteNavigation(locale),
      locale,
      alternates: languageAlternates(request),
      meta: pageMeta(locale, "common", "site"),
    },
    { headers },
  );
}

/**
 * A visitor who navigates in the browser to a page with a form needs the CSRF token the root loader gives only
 * there (app/auth/csrf.server.ts), so the root's data is read again on the way in.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (isVisitorFormPage(nextUrl.pathname) && !isVisitorFormPage(currentUrl.pathname));

/** The one default layout (SPEC §2): header with navigation, content, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { t, translator } = useTranslation("common");
  // Without the root's data (an error before it) the page is in the language the translator was started in.
  const locale: Language = root?.locale ?? translator.language;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HASH_REDIRECT_SCRIPT }} />
        <Meta />
        {root?.alternates.map((a) => (
          <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
        ))}
        <Links />
        <script
          id={PAGE_RESOURCES_ID}
          type="application/json"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serializePageResources(pageResourcesOf(translator)) }}
        />
      </head>
      <body>
        <AuthenticityTokenProvider token={root?.csrf ?? ""}>
          <HoneypotProvider {...(root?.honeypot ?? {})}>
            <SkipLink />
            <header className="site-header">
              <div className="site-header-inner">
                <Link to="/" className="site-title">
                  Metryka
                </Link>
                <NavMenu items={root?.navigation ?? []} />
                <LanguageMenu current={locale} />
                <AccountNav user={root?.user ?? null} />
              </div>
            </header>
            <main id="main" className="page" tabIndex={-1}>
              {children}
            </main>
            <footer className="site-footer">
              <p>
                {t("shell.footer")} <Link to={PATHS.releaseNotes}>{t("nav.whatsNew")}</Link> ·{" "}
                <Link to={PATHS.configCheck}>{t("shell.checkBrowser")}</Link>
              </p>
            </footer>
          </HoneypotProvider>
        </AuthenticityTokenProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// A worker that just took control has not heard the token the page got at load.
const syncWorkerSession = () => getBrowserSession().syncServiceWorker();

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  const username = root?.user?.username;
  // Signing in (a member's profile language) or saving the profile may change the language without a page load.
  const translator = useTranslator();
  const locale = root?.locale ?? DEFAULT_LANGUAGE;
  useEffect(() => {
    if (translator.language !== locale) void translator.changeLanguage(locale);
  }, [translator, locale]);
  // SPEC §4: notice a newer build and a new service worker, and reload once without losing typing.
  usePageRuntime(root?.buildId, syncWorkerSession);
  // SPEC §7.1: refresh at the start of every page load, then every 300 s, while there is a session: a visitor
  // without the refresh cookie makes no call at all (issue 12 item 4), and a token left from a session that is
  // gone is dropped as a failed refresh would drop it. Signing in or out reloads the root's data, so this follows.
  const hasSession = root?.session ?? false;
  useEffect(() => {
    const session = getBrowserSession();
    if (!hasSession) {
      session.forgetToken();
      return;
    }
    session.start();
    return () => session.stop();
  }, [hasSession]);
  // Signing in navigates without a page load; refresh so the browser session follows.
  useEffect(() => {
    if (username && getBrowserSession().state().username !== username) void getBrowserSession().refresh();
  }, [username]);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
