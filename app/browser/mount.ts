// SPEC §8: a failure while mounting the app is logged to the console and rethrown. React 18 reports such
// failures three ways: hydrateRoot throwing synchronously, hydration mismatches it recovers from through
// `onRecoverableError`, and render errors thrown later (which reach the route error boundaries, or the
// window's error handler if no boundary catches them).

export type MountLogger = Pick<Console, "error">;

export const MOUNT_FAILURE_MESSAGE = "Failed to mount the app";

/** Logs an error that stopped the app from mounting and rethrows it, so it still surfaces as uncaught. */
export function reportMountFailure(error: unknown, logger: MountLogger = console): never {
  logger.error(MOUNT_FAILURE_MESSAGE, error);
  throw error;
}

/**
 * For hydrateRoot's `onRecoverableError`: React already fell back to client rendering, so the page works;
 * logged (not rethrown) because a mismatch usually means server and browser disagree about the build or the clock.
 */
export function createRecoverableErrorHandler(logger: MountLogger = console): (error: unknown) => void {
  return (error) => logger.error("Recoverable error while mounting the app", error);
}

export const onRecoverableError = createRecoverableErrorHandler();
