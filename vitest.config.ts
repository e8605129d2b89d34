import { fileURLToPath } from "node:url";

import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  resolve: {
    alias: {
      // A virtual module of Remix's classic compiler; unit tests get a fixed stand-in.
      "@remix-run/dev/assets-manifest": fileURLToPath(
        new URL("./tests/stubs/assets-manifest.ts", import.meta.url),
      ),
      // `@vitest-environment jsdom-node-fetch`: jsdom with Node's own AbortSignal (the file).
      "vitest-environment-jsdom-node-fetch": fileURLToPath(
        new URL("./tests/jsdom-environment.ts", import.meta.url),
      ),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/setup-unit.ts"],
    // A throwaway PostgreSQL for the click ledger's tests (tests/postgres.ts).
    globalSetup: ["./tests/postgres.ts"],
    environmentOptions: { jsdom: { url: "http://localhost:3000/" } },
  },
});
