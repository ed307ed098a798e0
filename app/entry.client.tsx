import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  } catch (error) {
    // SPEC §8: a failure while mounting is logged and rethrown.
    console.error("Failed to mount the app", error);
    throw error;
  }
});
