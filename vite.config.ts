import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { routeModuleReloadGuard } from "./build-tools/route-module-reload-guard";
import { remixConfig } from "./remix.config";

export default defineConfig({
  plugins: [routeModuleReloadGuard(), remix(remixConfig), tsconfigPaths()],
  build: { target: "es2022" },
});
