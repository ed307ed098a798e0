import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
import { HASH_REDIRECT_SCRIPT } from "~/platform/hash-redirect";
import styles from "~/styles/app.css?url";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { NavMenu } from "~/ui/nav-menu";
import { siteNavigation } from "~/ui/navigation";
import { useNonce } from "~/ui/nonce";
import { SkipLink } from "~/ui/skip-link";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Metryka — parish register search" },
  {
    name: "description",
    content: "Search transcribed parish registers of Poland, Volhynia, St. Petersburg and Odessa.",
  },
];

/** The one default layout (SPEC §2): header with navigation, content, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HASH_REDIRECT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <SkipLink />
        <header className="site-header">
          <div className="site-header-inner">
            <Link to="/" className="site-title">
              Metryka
            </Link>
            <NavMenu items={siteNavigation()} />
          </div>
        </header>
        <main id="main" className="page" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <p>
            Metryka — transcriptions by the society&apos;s volunteers. <Link to="/release-notes">What&apos;s new</Link>
          </p>
        </footer>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
