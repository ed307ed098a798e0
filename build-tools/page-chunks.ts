// Issue 29 (page weight, decision 0073): the browser build's chunks, fewer and larger than Rollup makes by itself.
//
// Rollup gives every set of modules shared by a different set of routes a chunk of its own. For this site that was
// 13–17 files on every page, nine of them under 1 KB: each a request, each compressed alone (or, under the 1 KB at
// which neither the build nor the server compresses, sent as it is). Two groups change that, and only how the same
// modules are packed: a page loads the same code as before.
//
// - "shell": everything the entry and the root route import, which every page loads at once (react-dom, Remix, the
//   router, the header, the translator, the session, zod's config), with the root route's code and the route
//   namespaces helper nearly every route module imports. The entry module itself stays apart: its code hydrates the
//   page, and must run after the page's inline script has set the route manifest, not when the root route's chunk is
//   imported.
// - "form-controls": conform's browser half and the field and validator helpers every form page imports together.
//
// Rollup puts a manual chunk's other dependencies into it, so a group must be closed: the shell is a closure by
// construction, and the form controls' closure is checked here, which fails the build rather than let a helper that
// every page uses (it happened with the namespaces) drag the form controls into every page.
import type { Rollup } from "vite";

export const SHELL_CHUNK = "shell";
export const FORM_CONTROLS_CHUNK = "form-controls";

const ENTRY = /[\\/]app[\\/]entry\.client\.tsx$/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx\?__remix-build-client-route$/;
/**
 * Not walked: the entry takes only zod's config from it (jitless in the browser), and the public forms import the
 * rest on first use (decision 0043). Its barrel would otherwise bring all of zod's core into every page.
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const SHELL_ALSO = [
  /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/,
  // `i18nHandle` for every route module's handle: a chunk of 113 bytes on its own.
  /[\\/]app[\\/]i18n[\\/]namespaces\.ts$/,
];
const FORM_CONTROLS = [
  /[\\/]node_modules[\\/]@conform-to[\\/](dom|react)[\\/]/,
  /[\\/]app[\\/]ui[\\/]form-field\.tsx$/,
  /[\\/]app[\\/]ui[\\/]use-form-validator\.ts$/,
];

/** The part of Rollup's module graph the grouping reads (ManualChunkMeta's, or a test's). */
export interface ModuleGraph {
  ids: readonly string[];
  /** The modules `id` imports statically (not its `import()`s). */
  imports(id: string): readonly string[];
}

function closure(starts: Iterable<string>, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id) || ZOD.test(id)) continue;
    seen.add(id);
    for (const imported of graph.imports(id)) todo.push(imported);
  }
  return seen;
}

/** Which group each grouped module joins; a module not in the map is left to Rollup. */
export function planPageChunks(graph: ModuleGraph): Map<string, string> {
  const entry = graph.ids.find((id) => ENTRY.test(id));
  const rootRoute = graph.ids.find((id) => ROOT_ROUTE.test(id));
  if (!entry || !rootRoute) throw new Error("page-chunks: the build has no app/entry.client.tsx or root route");
  const shell = closure([entry, rootRoute], graph);
  shell.delete(entry);
  // The root route's own module is Remix's: a chunk that re-exports the root's code from the shell.
  shell.delete(rootRoute);
  for (const id of graph.ids) if (SHELL_ALSO.some((pattern) => pattern.test(id))) shell.add(id);

  const formControls = [
    ...closure(
      graph.ids.filter((id) => FORM_CONTROLS.some((p) => p.test(id))),
      graph,
    ),
  ].filter((id) => !shell.has(id));
  // Rollup's own helpers (`\0…`) are shared where they are needed.
  const stray = formControls.filter((id) => !id.startsWith("\0") && !FORM_CONTROLS.some((p) => p.test(id)));
  if (stray.length) {
    throw new Error(
      `page-chunks: the form controls import ${stray.join(", ")}, which would then load with every form page's ` +
        "controls and with every page that imports it: put it in the shell or the form controls (build-tools/page-chunks.ts)",
    );
  }
  const plan = new Map<string, string>();
  for (const id of shell) plan.set(id, SHELL_CHUNK);
  for (const id of formControls) plan.set(id, FORM_CONTROLS_CHUNK);
  return plan;
}

function graphOf(meta: Rollup.ManualChunkMeta): ModuleGraph {
  return { ids: [...meta.getModuleIds()], imports: (id) => meta.getModuleInfo(id)?.importedIds ?? [] };
}

/** `build.rollupOptions.output.manualChunks` for the browser build (not the server's). */
export function pageChunks(): Rollup.GetManualChunk {
  let plan: Map<string, string> | undefined;
  return (id, meta) => {
    plan ??= planPageChunks(graphOf(meta));
    return plan.get(id);
  };
}
