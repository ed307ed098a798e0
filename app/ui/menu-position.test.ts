import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MENU_CLOSE_DELAY_MS, MENU_SCREEN_OFFSET_PX } from "../config/timing";
import { clampMenuLeft, createCloseTimer, findByFirstLetter } from "./menu-position";

const offset = MENU_SCREEN_OFFSET_PX;

describe("clampMenuLeft (SPEC §9 screen offset)", () => {
  it("leaves a box that already fits where it is", () => {
    expect(clampMenuLeft({ left: 100, width: 200, viewportWidth: 800, offset })).toBe(100);
  });

  it("accepts a box exactly offset px from either edge", () => {
    expect(clampMenuLeft({ left: 10, width: 200, viewportWidth: 800, offset })).toBe(10);
    expect(clampMenuLeft({ left: 590, width: 200, viewportWidth: 800, offset })).toBe(590);
  });

  it("pulls a box overflowing the right edge back inside, offset px from it", () => {
    const left = clampMenuLeft({
      left: 700,
      width: 240,
      viewportWidth: 800,
      offset,
    });
    expect(left).toBe(800 - 10 - 240);
    expect(left + 240).toBe(800 - offset);
  });

  it("pushes a box overflowing the left edge to offset px", () => {
    expect(clampMenuLeft({ left: -50, width: 200, viewportWidth: 800, offset })).toBe(10);
    expect(clampMenuLeft({ left: 4, width: 200, viewportWidth: 800, offset })).toBe(10);
  });

  it("pins a box wider than viewport − 2·offset to the left offset", () => {
    expect(clampMenuLeft({ left: 50, width: 400, viewportWidth: 360, offset })).toBe(10);
    expect(clampMenuLeft({ left: -80, width: 341, viewportWidth: 360, offset })).toBe(10);
  });

  it("treats a box exactly viewport − 2·offset wide as fitting at the offset", () => {
    expect(clampMenuLeft({ left: 120, width: 340, viewportWidth: 360, offset })).toBe(10);
  });

  it("honours any offset, not only the default", () => {
    expect(clampMenuLeft({ left: 0, width: 100, viewportWidth: 500, offset: 24 })).toBe(24);
    expect(clampMenuLeft({ left: 450, width: 100, viewportWidth: 500, offset: 24 })).toBe(376);
  });
});

describe("createCloseTimer (SPEC §9 close delay)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("closes at exactly MENU_CLOSE_DELAY_MS, not a millisecond earlier", () => {
    const timer = createCloseTimer(MENU_CLOSE_DELAY_MS);
    const onClose = vi.fn();
    timer.schedule(onClose);
    vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1);
    expect(onClose).not.toHaveBeenCalled();
    expect(timer.isPending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(timer.isPending()).toBe(false);
  });

  it("does not close when cancelled (pointer re-entered)", () => {
    const timer = createCloseTimer(MENU_CLOSE_DELAY_MS);
    const onClose = vi.fn();
    timer.schedule(onClose);
    vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 10);
    timer.cancel();
    vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS * 4);
    expect(onClose).not.toHaveBeenCalled();
    expect(timer.isPending()).toBe(false);
  });

  it("restarts the countdown and runs only the latest close when rescheduled", () => {
    const timer = createCloseTimer(MENU_CLOSE_DELAY_MS);
    const first = vi.fn();
    const second = vi.fn();
    timer.schedule(first);
    vi.advanceTimersByTime(30);
    timer.schedule(second);
    vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("is harmless to cancel when nothing is pending", () => {
    const timer = createCloseTimer(MENU_CLOSE_DELAY_MS);
    expect(() => timer.cancel()).not.toThrow();
  });
});

describe("findByFirstLetter (menu type-ahead)", () => {
  const links = [{ label: "Births" }, { label: "Deaths" }, { label: "baptisms" }, { label: "Łódź" }];

  it("finds the next label with that first letter, ignoring case", () => {
    expect(findByFirstLetter(links, 0, "d")).toBe(1);
    expect(findByFirstLetter(links, 0, "B")).toBe(2);
  });

  it("wraps around and cycles through repeated letters", () => {
    expect(findByFirstLetter(links, 2, "b")).toBe(0);
    expect(findByFirstLetter(links, -1, "b")).toBe(0);
  });

  it("handles non-ASCII initials and reports no match as -1", () => {
    expect(findByFirstLetter(links, 0, "ł")).toBe(3);
    expect(findByFirstLetter(links, 0, "z")).toBe(-1);
    expect(findByFirstLetter([], -1, "a")).toBe(-1);
  });
});
