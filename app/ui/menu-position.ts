// Pure helpers behind NavMenu, kept free of React and the DOM so the rules of
// SPEC §9 (screen offset, close delay) can be tested without a browser.

export type ClampMenuLeftOptions = {
  /** Where the dropdown's left edge would be without correction, in viewport px. */
  left: number;
  /** The dropdown's rendered width in px. */
  width: number;
  /** Usable viewport width (document.documentElement.clientWidth, so scrollbars do not count). */
  viewportWidth: number;
  /** Minimum gap to keep from the left and right viewport edges (MENU_SCREEN_OFFSET_PX). */
  offset: number;
};

/**
 * Returns the left coordinate that keeps a box at least `offset` px inside both
 * viewport edges. A box too wide to fit between the two gaps is pinned to the
 * left gap: its start (the first menu item) is what must stay readable.
 */
export function clampMenuLeft({ left, width, viewportWidth, offset }: ClampMenuLeftOptions): number {
  const maxLeft = viewportWidth - offset - width;
  if (maxLeft < offset) return offset;
  return Math.min(Math.max(left, offset), maxLeft);
}

export type CloseTimer = {
  /** (Re)starts the countdown; a pending close is replaced, never doubled. */
  schedule: (onClose: () => void) => void;
  /** Stops a pending close, e.g. when the pointer comes back. */
  cancel: () => void;
  /** Whether a close is waiting to happen. */
  isPending: () => boolean;
};

/**
 * One shared countdown for "close the dropdown shortly after the pointer leaves".
 * Sharing it between all groups lets moving from one group to the next cancel the
 * first group's close instead of racing it.
 */
export function createCloseTimer(delayMs: number): CloseTimer {
  let handle: ReturnType<typeof setTimeout> | undefined;

  const cancel = (): void => {
    if (handle !== undefined) {
      clearTimeout(handle);
      handle = undefined;
    }
  };

  return {
    schedule(onClose) {
      cancel();
      handle = setTimeout(() => {
        handle = undefined;
        onClose();
      }, delayMs);
    },
    cancel,
    isPending: () => handle !== undefined,
  };
}

/**
 * Type-ahead in an open menu: the next item after `from` (wrapping, so pressing
 * the same letter again cycles) whose label starts with `key`, or -1.
 */
export function findByFirstLetter(links: readonly { label: string }[], from: number, key: string): number {
  const wanted = key.toLocaleLowerCase();
  for (let step = 1; step <= links.length; step += 1) {
    const candidate = (from + step + links.length) % links.length;
    const label = links[candidate]?.label.trim().toLocaleLowerCase() ?? "";
    if (label.startsWith(wanted)) return candidate;
  }
  return -1;
}
