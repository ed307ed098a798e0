import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { chunkErrorStandIn } from "~/ui/chunk-error-module";
import { onRecoverableError, reportMountFailure } from "~/platform/mount";
import { installChunkErrorReload } from "~/platform/reload-guard";

// Installed before hydrating so a lazily imported chunk that fails during the first render is covered too.
installChunkErrorReload(window, Date.now, chunkErrorStandIn);

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
      { onRecoverableError },
    );
  } catch (error) {
    // SPEC §8: a failure while mounting is logged and rethrown.
    reportMountFailure(error);
  }
});
