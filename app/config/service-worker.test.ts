import { describe, expect, it } from "vitest";
import {
  SERVICE_WORKER_PATH,
  SERVICE_WORKER_SCOPE,
  SERVICE_WORKER_VERSION,
  serviceWorkerUrl,
  serviceWorkerVersionOf,
} from "./service-worker";

describe("service worker constants (SPEC §7.4, §9)", () => {
  it("match the specification", () => {
    expect(SERVICE_WORKER_VERSION).toBe("1.1.2");
    expect(SERVICE_WORKER_PATH).toBe("/sw.js");
    expect(SERVICE_WORKER_SCOPE).toBe("/");
    expect(serviceWorkerUrl()).toBe("/sw.js?v=1.1.2");
  });

  it("reads the version back from a script URL", () => {
    expect(serviceWorkerVersionOf("https://metryka.example/sw.js?v=1.1.2")).toBe("1.1.2");
    expect(serviceWorkerVersionOf(serviceWorkerUrl("2.0.0"))).toBe("2.0.0");
    expect(serviceWorkerVersionOf("https://metryka.example/sw.js")).toBeNull();
    expect(serviceWorkerVersionOf("https://metryka.example/sw.js?v=")).toBeNull();
    expect(serviceWorkerVersionOf("http://[bad")).toBeNull();
  });
});
