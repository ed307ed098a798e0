/**
 * The Chromium the tests drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's.
 * Playwright's own browser download cannot reach its servers from here;
 * scripts/test.mjs explains how to install Chromium when it is missing.
 */
export function chromiumPath(): string {
  return process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
}
