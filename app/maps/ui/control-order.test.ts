import { describe, expect, it } from "vitest";
import { controlsFirst, nameBaseLayerGroup } from "./control-order";

/** Just enough of an element, as Leaflet builds a map's container: children in order, found by class. */
class FakeElement {
  children: FakeElement[] = [];
  attributes: Record<string, string> = {};
  constructor(readonly className: string) {}
  get firstChild() {
    return this.children[0] ?? null;
  }
  append(...children: FakeElement[]) {
    this.children.push(...children);
    return this;
  }
  querySelector(selector: string): FakeElement | null {
    for (const child of this.children) {
      if (selector === `.${child.className}`) return child;
      const found = child.querySelector(selector);
      if (found) return found;
    }
    return null;
  }
  insertBefore(node: FakeElement, before: FakeElement | null) {
    this.children = this.children.filter((c) => c !== node);
    const at = before ? this.children.indexOf(before) : this.children.length;
    this.children.splice(at, 0, node);
    return node;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
}
const asElement = (e: FakeElement) => e as unknown as Element;

describe("the map's controls", () => {
  it("come before the panes, so Tab reaches zoom and the layer control before the markers", () => {
    const pane = new FakeElement("leaflet-pane leaflet-map-pane");
    const controls = new FakeElement("leaflet-control-container");
    const container = new FakeElement("geo-map-leaflet").append(pane, controls);
    controlsFirst(asElement(container));
    expect(container.children).toEqual([controls, pane]);
    // Twice is once.
    controlsFirst(asElement(container));
    expect(container.children).toEqual([controls, pane]);
  });

  it("leave a container without controls as it is", () => {
    const pane = new FakeElement("leaflet-pane leaflet-map-pane");
    const container = new FakeElement("geo-map-leaflet").append(pane);
    controlsFirst(asElement(container));
    expect(container.children).toEqual([pane]);
  });

  it("name the base maps' radio buttons as one group", () => {
    const base = new FakeElement("leaflet-control-layers-base");
    const control = new FakeElement("leaflet-control-layers").append(
      new FakeElement("leaflet-control-layers-list").append(base),
    );
    nameBaseLayerGroup(asElement(control));
    expect(base.attributes).toEqual({ role: "radiogroup", "aria-label": "Base map" });
    expect(() => nameBaseLayerGroup(undefined)).not.toThrow();
  });
});
