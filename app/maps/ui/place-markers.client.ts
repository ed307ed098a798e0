import L from "leaflet";
import type { MapPointInput, MapView } from "../types";
import { groupName, groupTargets } from "./cluster";
import type { MapWords } from "./words";

/**
 * The places on the Leaflet map (decisions 0032, 0047): focusable markers while few, canvas circles when many (the
 * table stays the content). Markers whose boxes would overlap at the map's zoom are drawn as one group marker that
 * says how many places it holds; activated (click, Enter or Space) it zooms in until they come apart, or, where they
 * lie on the same spot even at the closest zoom, lists them in a popup.
 */

/** Up to this many points are focusable markers (Tab, Enter opens the popup); more are drawn on a canvas. */
const MAX_FOCUSABLE_MARKERS = 300;
/** The smallest box of a focusable marker, in CSS pixels (WCAG 2.5.8, target size minimum). */
const MIN_TARGET_PX = 24;
/** Boxes closer than this are grouped too: two targets that touch are hard to tell apart under a finger. */
const TARGET_GAP_PX = 2;
/** Room left around a group's places when the map zooms to them. */
const GROUP_ZOOM_PADDING_PX = 48;

const COLOURS = { point: "#1b4d89", centre: "#7b2d1a" } as const;

export interface PlaceMarkerOptions {
  canvas: L.Canvas;
  navigate: (href: string) => void;
  /** The groups' names in the reader's language; English without. */
  words?: MapWords;
}

function popupContent(label: string, href: string, count: number | undefined, navigate: (href: string) => void) {
  const link = document.createElement("a");
  link.href = href;
  link.textContent = label;
  link.addEventListener("click", (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  });
  const box = document.createElement("div");
  box.append(link);
  if (count !== undefined) box.append(` — ${count.toLocaleString("en")}`);
  return box;
}

/**
 * A name as Leaflet content: an element holding text. Leaflet writes a string into innerHTML, so an imported place
 * named `<img src=x onerror=…>` would become markup (issue 26).
 */
function asText(text: string): HTMLElement {
  const span = document.createElement("span");
  span.textContent = text;
  return span;
}

/**
 * A marker's visible dot. Sized through the DOM, not a style attribute in markup: the CSP (style-src-attr 'none')
 * drops those.
 */
function markerDot(diameterPx: number): HTMLElement {
  const dot = document.createElement("span");
  dot.className = "geo-marker-dot";
  dot.style.width = `${diameterPx}px`;
  dot.style.height = `${diameterPx}px`;
  return dot;
}

interface Place {
  point: MapPointInput;
  /** The dot's radius and the box around it, in pixels. */
  radius: number;
  box: number;
}

export function drawPlaceMarkers(map: L.Map, view: MapView, options: PlaceMarkerOptions): void {
  const { navigate, canvas } = options;
  const maxCount = view.points.reduce((most, p) => Math.max(most, p.count ?? 1), 1);
  const radiusOf = (count: number | undefined, highlight: boolean) =>
    view.sizeByCount ? 3 + 15 * Math.sqrt((count ?? 1) / maxCount) : highlight ? 7 : 5;
  // The highlighted place last, so it is drawn on top.
  const ordered = [...view.points].sort((a, b) => Number(!!a.highlight) - Number(!!b.highlight));
  const popupOf = (p: MapPointInput) => () =>
    popupContent(p.label, p.href, view.sizeByCount ? p.count : undefined, navigate);

  if (ordered.length > MAX_FOCUSABLE_MARKERS) {
    for (const p of ordered) {
      L.circleMarker([p.lat, p.lon], {
        renderer: canvas,
        radius: radiusOf(p.count, !!p.highlight),
        color: "#fff",
        weight: 1,
        fillColor: p.highlight ? COLOURS.centre : COLOURS.point,
        fillOpacity: 0.85,
      })
        .bindPopup(popupOf(p))
        .addTo(map);
    }
    return;
  }

  const places: Place[] = ordered.map((point) => {
    const radius = radiusOf(point.count, !!point.highlight);
    // The dot is drawn at its size inside a box a finger can hit (WCAG 2.5.8: 24 × 24 px at the least).
    return { point, radius, box: Math.max(Math.round(radius * 2), MIN_TARGET_PX) };
  });

  const single = ({ point: p, radius, box }: Place) => {
    const marker = L.marker([p.lat, p.lon], {
      icon: L.divIcon({
        className: p.highlight ? "geo-marker geo-marker-centre" : "geo-marker",
        iconSize: [box, box],
        html: markerDot(Math.round(radius * 2)),
      }),
      title: p.label,
      keyboard: true,
      riseOnHover: true,
      zIndexOffset: p.highlight ? 1000 : 0,
    });
    marker.bindPopup(popupOf(p));
    // Leaflet opens the popup on Enter; a button answers Space as well.
    marker.on("add", () => {
      const element = marker.getElement();
      if (!element) return;
      L.DomEvent.on(element, "keydown", (event) => {
        if ((event as KeyboardEvent).key !== " ") return;
        event.preventDefault();
        marker.togglePopup();
      });
    });
    if (p.highlight) {
      marker.bindTooltip(asText(p.label), {
        permanent: true,
        direction: "right",
        className: "geo-place-label",
        offset: [radius, 0],
      });
    }
    return marker;
  };

  const boundsOf = (members: Place[]) => L.latLngBounds(members.map((m) => [m.point.lat, m.point.lon]));
  /** Whether zooming to a group's places would show more of the map than now (else: they lie on one spot). */
  const zoomsIn = (members: Place[]) =>
    Math.min(
      map.getBoundsZoom(boundsOf(members), false, L.point(GROUP_ZOOM_PADDING_PX * 2, GROUP_ZOOM_PADDING_PX * 2)),
      map.getMaxZoom(),
    ) > map.getZoom();

  /** The member whose marker takes the focus after a group zoomed in (so Tab goes on from where the user was). */
  let focusAfterZoom: MapPointInput | null = null;

  const group = (members: Place[], at: L.LatLng, size: number, zooms: boolean) => {
    const highlight = members.find((m) => m.point.highlight)?.point;
    // The place of a place page is named first: it is the one the page is about.
    const labels = [
      ...(highlight ? [highlight.label] : []),
      ...members.filter((m) => !m.point.highlight).map((m) => m.point.label),
    ];
    const hint = options.words
      ? zooms
        ? options.words.zoomHint
        : options.words.listHint
      : zooms
        ? "zoom in"
        : "show the list";
    const name = `${groupName(labels, options.words)} — ${hint}`;
    const count = document.createElement("span");
    count.className = "geo-cluster-count";
    count.textContent = String(members.length);
    const marker = L.marker(at, {
      icon: L.divIcon({
        className: highlight ? "geo-cluster geo-cluster-centre" : "geo-cluster",
        iconSize: [size, size],
        html: count,
      }),
      title: name,
      keyboard: true,
      riseOnHover: true,
      zIndexOffset: highlight ? 1000 : 500,
    });
    const zoomIn = () => {
      focusAfterZoom = members[0]!.point;
      map.fitBounds(boundsOf(members), { padding: [GROUP_ZOOM_PADDING_PX, GROUP_ZOOM_PADDING_PX] });
    };
    marker.on("add", () => {
      const element = marker.getElement();
      element?.setAttribute("aria-label", name);
      element?.setAttribute("data-places", String(members.length));
      // A button answers Enter and Space. Leaflet's own Enter opens a popup: the list's, but a group that zooms has none.
      if (!element) return;
      L.DomEvent.on(element, "keydown", (event) => {
        const key = (event as KeyboardEvent).key;
        if (key !== " " && !(zooms && key === "Enter")) return;
        event.preventDefault();
        if (zooms) zoomIn();
        else marker.togglePopup();
      });
    });
    if (highlight) {
      marker.bindTooltip(asText(highlight.label), {
        permanent: true,
        direction: "right",
        className: "geo-place-label",
        offset: [size / 2, 0],
      });
    }
    if (zooms) {
      marker.on("click", zoomIn);
    } else {
      // The same spot at the closest zoom: a list of links, as a single place's popup has one.
      marker.bindPopup(() => {
        const list = document.createElement("ul");
        list.className = "geo-cluster-list";
        for (const m of members) {
          const item = document.createElement("li");
          item.append(popupOf(m.point)());
          list.append(item);
        }
        return list;
      });
    }
    return marker;
  };

  // Markers by the places they hold, so a zoom that leaves a marker's places together leaves the marker (its focus,
  // its popup) alone.
  const drawn = new Map<string, { marker: L.Marker; members: Place[] }>();
  const update = () => {
    const zoom = map.getZoom();
    const groups = groupTargets(
      places.map((place) => {
        const { x, y } = map.project([place.point.lat, place.point.lon], zoom);
        return { x, y, size: place.box, anchor: place.point.highlight };
      }),
      TARGET_GAP_PX,
    );
    const wanted = new Map(
      groups.map((g) => {
        const members = g.members.map((i) => places[i]!);
        const zooms = members.length > 1 && zoomsIn(members);
        return [`${g.members.join(",")}${zooms ? " zooms" : ""}`, { ...g, members, zooms }];
      }),
    );
    for (const [key, { marker }] of drawn) {
      if (wanted.has(key)) continue;
      marker.remove();
      drawn.delete(key);
    }
    for (const [key, g] of wanted) {
      if (drawn.has(key)) continue;
      const { members } = g;
      const marker =
        members.length === 1 ? single(members[0]!) : group(members, map.unproject([g.x, g.y], zoom), g.size, g.zooms);
      drawn.set(key, { marker: marker.addTo(map), members });
    }
    if (focusAfterZoom) {
      const target = focusAfterZoom;
      focusAfterZoom = null;
      for (const { marker, members } of drawn.values()) {
        if (members.some((m) => m.point === target)) marker.getElement()?.focus();
      }
    }
  };
  map.on("zoomend", update);
  update();
}
