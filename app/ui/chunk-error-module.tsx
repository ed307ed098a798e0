// What a route shows when its code cannot be downloaded and reloading has not helped (SPEC §8, issue #4 item 4).
// Remix renders this stand-in in place of the route module, inside the root layout, so the member keeps the
// navigation and gets the error page with a way on instead of an empty page.
import { ErrorPage } from "~/ui/error-page";
import type { StandInModule } from "~/browser/reload-guard";
import { PATHS } from "~/routing/paths";

function RouteCodeUnavailable() {
  return (
    <ErrorPage
      status={503}
      title="This page could not be loaded"
      description={
        <>
          Part of Metryka could not be downloaded to your browser, usually because a new version was published a moment
          ago or the connection dropped. Reloading the page normally fixes it; if it does not, the{" "}
          <a href={PATHS.configCheck}>browser check</a> shows what is wrong.
        </>
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
