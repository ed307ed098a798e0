// The site's main navigation (SPEC §9 menu constants). Group items are WAI-ARIA
// menu buttons (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/).
//
// Progressive enhancement: the server renders every dropdown as a plain nested
// list and only the stylesheet (`.js .nav-…`, the root's head script adds `js`)
// turns them into hidden dropdowns, so every link is reachable without JavaScript.
import { useLocation } from "@remix-run/react";
import { useDelegatedLinks } from "~/browser/delegated-links";
import { useTranslation } from "~/i18n/react";
import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";
import { MENU_CLOSE_DELAY_MS, MENU_SCREEN_OFFSET_PX, MENU_TRANSITION_MS } from "../config/timing";
import { clampMenuLeft, createCloseTimer, findByFirstLetter } from "./menu-position";

export type NavMenuLink = { label: string; to: string; description?: string };

export type NavItem =
  /** A link's `shortLabel`, a beginning of `label`, is what the wide menu shows; phones show the whole label. */
  | { label: string; shortLabel?: string; to: string }
  /** `shortLabel`, a beginning of `label`, is what the wide menu shows; the rest is read out by screen readers. */
  | { label: string; shortLabel?: string; links: NavMenuLink[] };

/**
 * Wide layout (dropdowns) starts here; below it the nav is a "Menu" disclosure
 * with stacked lists. Must match the `min-width: 641px` queries in app.css.
 */
export const NAV_WIDE_QUERY = "(min-width: 641px)";

type OpenedBy = "hover" | "click" | "keyboard";
type FocusTarget = "first" | "last" | null;
type OpenState = {
  index: number;
  by: OpenedBy;
  focus: FocusTarget;
  /** Bumped on every open request so asking again re-runs the focus effect. */
  seq: number;
};

// useLayoutEffect warns during server rendering; the positioning and focus
// work must happen before paint in the browser to avoid a visible jump.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export function NavMenu({ items }: { items: readonly NavItem[] }) {
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const location = useLocation();
  const { t } = useTranslation("common");

  const [open, setOpen] = useState<OpenState | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Both start false so the first client render matches the server HTML.
  const [hydrated, setHydrated] = useState(false);
  const [compact, setCompact] = useState(false);

  const timerRef = useRef(createCloseTimer(MENU_CLOSE_DELAY_MS));
  const seqRef = useRef(0);

  useEffect(() => {
    setHydrated(true);
    const nav = navRef.current;
    // Set through the CSSOM rather than a style attribute: a strict CSP
    // (style-src without 'unsafe-inline') blocks the attribute in server HTML
    // but not CSSOM writes, and the stylesheet has the same values as fallback.
    nav?.style.setProperty("--nav-menu-transition", `${MENU_TRANSITION_MS}ms`);
    nav?.style.setProperty("--nav-menu-offset", `${MENU_SCREEN_OFFSET_PX}px`);

    const wide = window.matchMedia(NAV_WIDE_QUERY);
    const update = (): void => {
      setCompact(!wide.matches);
      setOpen(null);
      setMobileOpen(false);
    };
    update();
    wide.addEventListener("change", update);
    const timer = timerRef.current;
    return () => {
      wide.removeEventListener("change", update);
      timer.cancel();
    };
  }, []);

  // A navigation has happened: whatever was open has done its job.
  useEffect(() => {
    timerRef.current.cancel();
    setOpen(null);
    setMobileOpen(false);
  }, [location.key, location.pathname, location.search]);

  // Event handlers need the state of the last render; a ref avoids
  // re-creating every handler (and re-rendering every group) on each change.
  const openRef = useRef<OpenState | null>(null);
  const mobileOpenRef = useRef(false);
  useBrowserLayoutEffect(() => {
    openRef.current = open;
    mobileOpenRef.current = mobileOpen;
  }, [open, mobileOpen]);

  const openGroup = useCallback((index: number, by: OpenedBy, focus: FocusTarget): void => {
    timerRef.current.cancel();
    seqRef.current += 1;
    setOpen({ index, by, focus, seq: seqRef.current });
  }, []);

  const closeGroup = useCallback((index: number): void => {
    timerRef.current.cancel();
    setOpen((current) => (current?.index === index ? null : current));
  }, []);

  const pointerEnterGroup = useCallback(
    (index: number): void => {
      const current = openRef.current;
      if (current?.index === index) {
        timerRef.current.cancel();
        return;
      }
      // Someone working the keyboard inside another menu must not have it
      // snatched away by a mouse that happens to drift across the bar.
      if (current?.by === "keyboard") return;
      openGroup(index, "hover", null);
    },
    [openGroup],
  );

  const pointerLeaveGroup = useCallback((index: number): void => {
    const current = openRef.current;
    if (current?.index !== index || current.by === "keyboard") return;
    timerRef.current.schedule(() => {
      setOpen((latest) => (latest?.index === index ? null : latest));
    });
  }, []);

  const clickGroupButton = useCallback(
    (index: number, byKeyboard: boolean): void => {
      const current = openRef.current;
      if (current?.index !== index) {
        openGroup(index, byKeyboard ? "keyboard" : "click", byKeyboard ? "first" : null);
      } else if (current.by === "hover") {
        // The pointer opened it a moment ago on its way to the button; the
        // click means "keep it open", not "close it again".
        timerRef.current.cancel();
        setOpen({ ...current, by: "click", focus: null });
      } else {
        closeGroup(index);
      }
    },
    [openGroup, closeGroup],
  );

  // Clicks outside the open dropdown (or the phone panel) close it; so does
  // Escape when focus is elsewhere on the page after a hover-open.
  const anythingOpen = open !== null || mobileOpen;
  useEffect(() => {
    if (!anythingOpen) return;
    const onPointerDown = (event: globalThis.PointerEvent): void => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      if (!target.closest(`[data-nav-group-open="true"]`)) {
        timerRef.current.cancel();
        setOpen(null);
      }
      if (!navRef.current?.contains(target)) setMobileOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      timerRef.current.cancel();
      setOpen(null);
      if (mobileOpenRef.current) {
        setMobileOpen(false);
        const active = document.activeElement;
        // The panel is about to disappear from under the focused link.
        if (active && navRef.current?.contains(active)) toggleRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [anythingOpen]);

  const currentPath = normalizePath(location.pathname);
  // The menu's links are plain anchors that the menu follows and preloads itself (on hover, focus or touch):
  // two dozen NavLinks were a tenth of a page's render (issue 30, decision 0076).
  const delegatedLinks = useDelegatedLinks({ ref: navRef, preloadWhenVisible: false });

  return (
    <nav
      aria-label={t("nav.label")}
      className="nav"
      data-mobile-open={mobileOpen ? "true" : "false"}
      {...delegatedLinks}
      ref={navRef}
    >
      <button
        ref={toggleRef}
        type="button"
        className="nav-toggle"
        aria-expanded={mobileOpen}
        aria-controls={listId}
        onClick={() => setMobileOpen((wasOpen) => !wasOpen)}
      >
        <span className="nav-toggle-icon" aria-hidden="true" />
        {t("nav.menu")}
      </button>
      <ul className="nav-list" id={listId}>
        {items.map((item, index) =>
          "links" in item ? (
            <NavGroup
              key={`${index}-${item.label}`}
              index={index}
              label={item.label}
              shortLabel={item.shortLabel}
              links={item.links}
              open={open?.index === index ? open : null}
              compact={compact}
              hydrated={hydrated}
              current={item.links.some((link) => normalizePath(link.to) === currentPath)}
              currentPath={currentPath}
              onOpen={openGroup}
              onClose={closeGroup}
              onPointerEnterGroup={pointerEnterGroup}
              onPointerLeaveGroup={pointerLeaveGroup}
              onButtonClick={clickGroupButton}
            />
          ) : (
            <li key={`${index}-${item.label}`} className="nav-item">
              <MenuLink to={item.to} currentPath={currentPath} className="nav-link">
                {item.shortLabel && item.label.startsWith(item.shortLabel) ? (
                  <>
                    {item.shortLabel}
                    <span className="nav-label-rest">{item.label.slice(item.shortLabel.length)}</span>
                  </>
                ) : (
                  item.label
                )}
              </MenuLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

type NavGroupProps = {
  index: number;
  label: string;
  shortLabel?: string;
  links: NavMenuLink[];
  open: OpenState | null;
  compact: boolean;
  hydrated: boolean;
  current: boolean;
  /** The page's path as normalizePath gives it: the link to it is marked as the current page. */
  currentPath: string;
  onOpen: (index: number, by: OpenedBy, focus: FocusTarget) => void;
  onClose: (index: number) => void;
  onPointerEnterGroup: (index: number) => void;
  onPointerLeaveGroup: (index: number) => void;
  onButtonClick: (index: number, byKeyboard: boolean) => void;
};

function NavGroup({
  index,
  label,
  shortLabel,
  links,
  open,
  compact,
  hydrated,
  current,
  currentPath,
  onOpen,
  onClose,
  onPointerEnterGroup,
  onPointerLeaveGroup,
  onButtonClick,
}: NavGroupProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const groupRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const wasOpen = useRef(false);
  // Tab leaves the menu on its own; pulling focus back to the button would
  // undo the user's Tab.
  const skipFocusReturn = useRef(false);

  const isOpen = open !== null;
  const focusTarget = open?.focus ?? null;
  const seq = open?.seq ?? 0;

  // Keep the open dropdown MENU_SCREEN_OFFSET_PX inside the viewport; measured
  // after opening because its width depends on the labels and the font size.
  useBrowserLayoutEffect(() => {
    const menu = menuRef.current;
    // A closing menu keeps its corrected place so it does not jump while fading.
    if (!menu || !isOpen || compact) return;
    const place = (): void => {
      menu.style.removeProperty("left");
      const natural = menu.getBoundingClientRect();
      const left = clampMenuLeft({
        left: natural.left,
        width: natural.width,
        viewportWidth: document.documentElement.clientWidth,
        offset: MENU_SCREEN_OFFSET_PX,
      });
      if (left !== natural.left) {
        const start = parseFloat(getComputedStyle(menu).left) || 0;
        menu.style.left = `${start + left - natural.left}px`;
      }
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [isOpen, compact]);

  // After placing, so focusing cannot scroll the page towards an overflow.
  useBrowserLayoutEffect(() => {
    if (!isOpen || compact) return;
    const items = itemRefs.current.filter(isElement);
    if (focusTarget === "first") items[0]?.focus();
    if (focusTarget === "last") items[items.length - 1]?.focus();
  }, [isOpen, focusTarget, seq, compact]);

  // A menu closing under the user's focus (Escape, a chosen link, a click
  // elsewhere) would strand focus in hidden content; hand it to the button.
  useBrowserLayoutEffect(() => {
    if (wasOpen.current && !isOpen) {
      const active = document.activeElement;
      if (!skipFocusReturn.current && active && menuRef.current?.contains(active)) {
        buttonRef.current?.focus();
      }
      skipFocusReturn.current = false;
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  const labelId = `${id}-label`;
  if (compact) {
    // Phones: inside the "Menu" disclosure the groups are simply headed lists,
    // the most touch-friendly form and the same as the no-JavaScript markup.
    return (
      <li className="nav-item nav-group">
        <span className="nav-group-label" id={labelId}>
          {label}
        </span>
        <ul className="nav-menu" aria-labelledby={labelId}>
          {links.map((link) => (
            <li key={link.to}>
              <MenuLink to={link.to} currentPath={currentPath} className="nav-menu-link">
                <MenuLinkContent link={link} />
              </MenuLink>
            </li>
          ))}
        </ul>
      </li>
    );
  }

  const focusItem = (target: number): void => {
    const items = itemRefs.current.filter(isElement);
    if (items.length === 0) return;
    const wrapped = ((target % items.length) + items.length) % items.length;
    items[wrapped]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    switch (event.key) {
      case "Enter":
      case " ":
      case "ArrowDown":
        event.preventDefault();
        onOpen(index, "keyboard", "first");
        break;
      case "ArrowUp":
        event.preventDefault();
        onOpen(index, "keyboard", "last");
        break;
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          onClose(index);
        }
        break;
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    const items = itemRefs.current.filter(isElement);
    const active = document.activeElement;
    const position = items.findIndex((item) => item === active);
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusItem(position + 1);
        return;
      case "ArrowUp":
        event.preventDefault();
        focusItem(position < 0 ? -1 : position - 1);
        return;
      case "Home":
        event.preventDefault();
        focusItem(0);
        return;
      case "End":
        event.preventDefault();
        focusItem(-1);
        return;
      case "Escape":
        event.preventDefault();
        onClose(index);
        buttonRef.current?.focus();
        return;
      case "Tab":
        skipFocusReturn.current = true;
        onClose(index);
        return;
    }
    if (isTypeAheadKey(event)) {
      const next = findByFirstLetter(links, position, event.key);
      if (next >= 0) {
        event.preventDefault();
        focusItem(next);
      }
    }
  };

  const onPointerEnter = (event: PointerEvent<HTMLLIElement>): void => {
    // A tap fires pointerenter right before click; opening here would make
    // the click close the menu again. Touch uses the click alone.
    if (event.pointerType === "touch") return;
    onPointerEnterGroup(index);
  };

  const onPointerLeave = (event: PointerEvent<HTMLLIElement>): void => {
    if (event.pointerType === "touch") return;
    onPointerLeaveGroup(index);
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>): void => {
    // relatedTarget is null when the window itself loses focus; keep the
    // menu then, the user is coming back to it.
    const next = event.relatedTarget;
    if (isOpen && next instanceof Node && !groupRef.current?.contains(next)) {
      onClose(index);
    }
  };

  const onMenuClick = (event: MouseEvent<HTMLUListElement>): void => {
    if (event.target instanceof Element && event.target.closest("a")) {
      onClose(index);
    }
  };

  return (
    <li
      ref={groupRef}
      className="nav-item nav-group"
      data-state={isOpen ? "open" : "closed"}
      data-nav-group-open={isOpen ? "true" : undefined}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="nav-button"
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-controls={menuId}
        data-current={current ? "true" : undefined}
        onClick={(event) => onButtonClick(index, event.detail === 0)}
        onKeyDown={onButtonKeyDown}
      >
        {shortLabel && label.startsWith(shortLabel) ? (
          <>
            {shortLabel}
            <span className="visually-hidden">{label.slice(shortLabel.length)}</span>
          </>
        ) : (
          label
        )}
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className="nav-menu"
        onKeyDown={onMenuKeyDown}
        onClick={onMenuClick}
      >
        {links.map((link, position) => (
          <li key={link.to} role="none">
            <MenuLink
              ref={(element) => {
                itemRefs.current[position] = element;
              }}
              to={link.to}
              currentPath={currentPath}
              role="menuitem"
              // Only after hydration: in server HTML the links must stay in the
              // Tab order for visitors without JavaScript.
              tabIndex={hydrated ? -1 : undefined}
              className="nav-menu-link"
            >
              <MenuLinkContent link={link} />
            </MenuLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function MenuLinkContent({ link }: { link: NavMenuLink }) {
  return (
    <>
      <span className="nav-menu-label">{link.label}</span>
      {/* Block spans render no space between them, but the accessible name
          would otherwise run label and description together. */}
      {link.description ? " " : null}
      {link.description ? <span className="nav-menu-description">{link.description}</span> : null}
    </>
  );
}

function isElement<T extends Element>(element: T | null): element is T {
  return element !== null;
}

function isTypeAheadKey(event: KeyboardEvent): boolean {
  return event.key.length === 1 && event.key !== " " && !event.altKey && !event.ctrlKey && !event.metaKey;
}

/**
 * A menu link to a page of the site: the anchor NavLink would render (`aria-current="page"` and the `active` class on
 * the current page's link, matched as `<NavLink end>` does), followed by the menu itself (useDelegatedLinks).
 */
const MenuLink = forwardRef<
  HTMLAnchorElement,
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; currentPath: string }
>(function MenuLink({ to, currentPath, className, ...rest }, ref) {
  const current = normalizePath(to) === currentPath;
  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      className={current ? `${className ?? ""} active`.trim() : className}
      aria-current={current ? "page" : undefined}
    />
  );
});

/** Path part of a link target, compared the way the router matches (case-insensitive). */
function normalizePath(to: string): string {
  const path = to.split(/[?#]/)[0] ?? "";
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return trimmed.toLowerCase();
}
