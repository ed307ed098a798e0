/**
 * The map's controls for keyboard and screen-reader users (decision 0044). Leaflet puts a map's controls (zoom,
 * the layer control, the credits) after its panes in the page, so Tab from the map goes through every focusable
 * marker first (up to 300 on a search's map) before it reaches the zoom buttons or the choice of base map (Leaflet
 * issue 7479). Moved in front of the panes, the controls come first; their own CSS places them (absolute, above the
 * panes), so nothing moves on the screen.
 */

export function controlsFirst(container: Element): void {
  const controls = container.querySelector(".leaflet-control-container");
  if (controls && container.firstChild !== controls) container.insertBefore(controls, container.firstChild);
}

/** The layer control's radio buttons, named as one group ("Base map", or `name` in the reader's language). */
export function nameBaseLayerGroup(control: Element | undefined, name = "Base map"): void {
  const group = control?.querySelector(".leaflet-control-layers-base");
  group?.setAttribute("role", "radiogroup");
  group?.setAttribute("aria-label", name);
}
