import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { browserTranslator } from "~/i18n/browser";
import { TranslatorProvider } from "~/i18n/react";
import { config as zodConfig } from "zod/v4/core";
import { chunkErrorStandIn } from "~/ui/chunk-error-module";
import { onRecoverableError, reportMountFailure } from "~/browser/mount";
import { installChunkErrorReload } from "~/browser/reload-guard";

// The CSP allows no eval, and zod's compiled object parsers first test for it with `new Function`, which the browser
// blocks and reports as a violation: forms in the browser validate with the interpreted parsers (the server keeps
// the compiled ones). Only zod's config object comes along here, not zod.
zodConfig({ jitless: true });

// Installed before hydrating so a lazily imported chunk that fails during the first render is covered too.
installChunkErrorReload(window, Date.now, chunkErrorStandIn);

// Synchronous: the page carries the catalogs it was rendered with, so hydration sees the server's text.
const translator = browserTranslator(document);

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslatorProvider value={translator}>
          <RemixBrowser />
        </TranslatorProvider>
      </StrictMode>,
      { onRecoverableError },
    );
  } catch (error) {
    // SPEC §8: a failure while mounting is logged and rethrown.
    reportMountFailure(error);
  }
});
