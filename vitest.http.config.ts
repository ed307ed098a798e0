import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Tests of the built server over HTTP (http-tests/): each file starts
 * `build/server.js` as its own process. They run after the production build
 * (scripts/test.mjs), one file at a time, because one of them takes its own
 * PostgreSQL database away and another fills a disk.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["http-tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: false,
    env: { LOG_LEVEL: "warn" },
  },
});
