import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { pageChunks } from "./build-tools/page-chunks";
import { routeModuleReloadGuard } from "./build-tools/route-module-reload-guard";
import { remixConfig } from "./remix.config";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [routeModuleReloadGuard(), remix(remixConfig), tsconfigPaths()],
  build: {
    target: "es2022",
    // The browser's chunks only (decision 0073); the server's build keeps Rollup's.
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: pageChunks() } },
  },
}));
