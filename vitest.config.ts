import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts", "build-tools/**/*.test.ts"],
    environment: "node",
    // Components render in English with the real catalogs (react-i18next's global instance).
    setupFiles: ["app/testing/i18n-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Integration tests share one PostgreSQL database per file; files run in parallel.
    pool: "forks",
    // Route tests search many times a second from one (unknown) address: no search limit unless a test sets one.
    env: { LOG_LEVEL: "warn", RATE_LIMIT_SEARCHES_PER_MINUTE: "0" },
  },
});
