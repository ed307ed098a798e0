import { describe, expect, it } from "vitest";
import { FORM_CONTROLS_CHUNK, type ModuleGraph, SHELL_CHUNK, planPageChunks } from "./page-chunks";

const APP = "/site/app";
const NM = "/site/node_modules";
const ENTRY = `${APP}/entry.client.tsx`;
const ROOT_ROUTE = `${APP}/root.tsx?__remix-build-client-route`;
const ROOT = `${APP}/root.tsx`;
const LOGIN_ROUTE = `${APP}/routes/login.tsx?__remix-build-client-route`;
const HOME_ROUTE = `${APP}/routes/_index.tsx?__remix-build-client-route`;

/** A small site shaped like the real one: the edges are static imports. */
function site(extra: Record<string, string[]> = {}): ModuleGraph {
  const edges: Record<string, string[]> = {
    [ENTRY]: [`${NM}/react-dom/client.js`, `${APP}/i18n/browser.ts`, `${NM}/zod/v4/core/index.js`],
    [`${NM}/react-dom/client.js`]: [`${NM}/react-dom/index.js`],
    [`${NM}/zod/v4/core/index.js`]: [`${NM}/zod/v4/core/core.js`, `${NM}/zod/v4/core/schemas.js`],
    [`${NM}/zod/v4/core/schemas.js`]: [`${NM}/zod/v4/core/core.js`],
    [ROOT_ROUTE]: [ROOT],
    [ROOT]: [`${NM}/react-dom/index.js`, `${APP}/ui/nav-menu.tsx`],
    [LOGIN_ROUTE]: [`${APP}/routes/login.tsx`],
    [`${APP}/routes/login.tsx`]: [`${APP}/auth/ui/sign-in-page.tsx`, `${APP}/i18n/namespaces.ts`],
    [`${APP}/auth/ui/sign-in-page.tsx`]: [`${NM}/@conform-to/react/dist/index.mjs`, `${APP}/ui/form-field.tsx`],
    [`${APP}/ui/form-field.tsx`]: [`${NM}/@conform-to/react/dist/index.mjs`, `${NM}/react-dom/index.js`],
    [`${NM}/@conform-to/react/dist/index.mjs`]: [`${NM}/@conform-to/dom/dist/index.mjs`, "\0commonjsHelpers.js"],
    [`${APP}/ui/use-form-validator.ts`]: [`${NM}/@conform-to/react/dist/index.mjs`, `${APP}/i18n/namespaces.ts`],
    [HOME_ROUTE]: [`${APP}/routes/_index.tsx`],
    [`${APP}/routes/_index.tsx`]: [`${APP}/home/page.tsx`, `${APP}/i18n/namespaces.ts`],
    // The public forms' schema, imported on first use: zod mini.
    [`${APP}/auth/sign-in-form.ts`]: [`${NM}/zod/v4/mini/index.js`],
    ...extra,
  };
  const ids = new Set([...Object.keys(edges), ...Object.values(edges).flat()]);
  return { ids: [...ids], imports: (id) => edges[id] ?? [] };
}

const chunkOf = (plan: Map<string, string>, id: string) => plan.get(id);

describe("planPageChunks", () => {
  it("puts what the entry and the root route import in the shell, the root's own code too", () => {
    const plan = planPageChunks(site());
    for (const id of [
      `${NM}/react-dom/client.js`,
      `${NM}/react-dom/index.js`,
      `${APP}/i18n/browser.ts`,
      ROOT,
      `${APP}/ui/nav-menu.tsx`,
    ]) {
      expect(chunkOf(plan, id), id).toBe(SHELL_CHUNK);
    }
  });

  it("keeps the entry module and the root route's module out of it", () => {
    // The entry hydrates when it runs: in the shell it would run when the root route's chunk is imported, before the
    // page's script has set the route manifest.
    const plan = planPageChunks(site());
    expect(chunkOf(plan, ENTRY)).toBeUndefined();
    expect(chunkOf(plan, ROOT_ROUTE)).toBeUndefined();
  });

  it("takes zod's config module into the shell but none of the validation the forms import on use", () => {
    const plan = planPageChunks(site());
    expect(chunkOf(plan, `${NM}/zod/v4/core/core.js`)).toBe(SHELL_CHUNK);
    expect(chunkOf(plan, `${NM}/zod/v4/core/index.js`)).toBeUndefined();
    expect(chunkOf(plan, `${NM}/zod/v4/core/schemas.js`)).toBeUndefined();
    expect(chunkOf(plan, `${NM}/zod/v4/mini/index.js`)).toBeUndefined();
    expect(chunkOf(plan, `${APP}/auth/sign-in-form.ts`)).toBeUndefined();
  });

  it("takes the route modules' namespaces helper into the shell", () => {
    expect(chunkOf(planPageChunks(site()), `${APP}/i18n/namespaces.ts`)).toBe(SHELL_CHUNK);
  });

  it("groups conform with the field and validator helpers, and leaves each page's own code to Rollup", () => {
    const plan = planPageChunks(site());
    for (const id of [
      `${NM}/@conform-to/react/dist/index.mjs`,
      `${NM}/@conform-to/dom/dist/index.mjs`,
      `${APP}/ui/form-field.tsx`,
      `${APP}/ui/use-form-validator.ts`,
    ]) {
      expect(chunkOf(plan, id), id).toBe(FORM_CONTROLS_CHUNK);
    }
    // Already in the shell: not moved.
    expect(chunkOf(plan, `${NM}/react-dom/index.js`)).toBe(SHELL_CHUNK);
    for (const id of [
      LOGIN_ROUTE,
      `${APP}/routes/login.tsx`,
      `${APP}/auth/ui/sign-in-page.tsx`,
      `${APP}/home/page.tsx`,
    ]) {
      expect(chunkOf(plan, id), id).toBeUndefined();
    }
  });

  it("fails when the form controls import a module outside both groups, which would load with them everywhere", () => {
    const graph = site({
      [`${APP}/ui/form-field.tsx`]: [`${NM}/@conform-to/react/dist/index.mjs`, `${APP}/ui/format.ts`],
    });
    expect(() => planPageChunks(graph)).toThrow(/form controls import \/site\/app\/ui\/format\.ts/);
  });

  it("fails on a build without the entry or the root route", () => {
    const graph = site();
    expect(() => planPageChunks({ ids: graph.ids.filter((id) => id !== ENTRY), imports: graph.imports })).toThrow(
      /no app\/entry\.client\.tsx or root route/,
    );
  });
});
