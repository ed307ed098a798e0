// What a route shows when its code cannot be downloaded and reloading has not helped (SPEC §8, issue #4 item 4).
// Remix renders this stand-in in place of the route module, inside the root layout, so the member keeps the
// navigation and gets the error page with a way on instead of an empty page.
import { Trans, useTranslation } from "~/i18n/react";
import { ErrorPage } from "~/ui/error-page";
import type { StandInModule } from "~/browser/reload-guard";
import { PATHS } from "~/routing/paths";

function RouteCodeUnavailable() {
  const { t } = useTranslation("common");
  return (
    <ErrorPage
      status={503}
      title={t("error.codeUnavailable.title")}
      description={
        <Trans
          t={t}
          i18nKey="error.codeUnavailable.description"
          components={{ check: <a href={PATHS.configCheck} /> }}
        />
      }
    />
  );
}

/** A route module (component and error boundary) that shows the error page; never cached, so a retry re-imports. */
export function chunkErrorStandIn(error: unknown): StandInModule {
  // The console keeps the original failure for a support request.
  console.error("Route code could not be loaded", error);
  return { default: RouteCodeUnavailable, ErrorBoundary: RouteCodeUnavailable };
}
