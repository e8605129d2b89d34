/**
 * End-to-end tests against the production build, started the way the README starts it
 * (`npm start`), in Debian's Chromium. Run `npm run build` first (`npm test` does).
 */
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
/** A second server configured as staging (not indexable, another origin). */
export const STAGING_PORT = PORT + 1;

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "npm start",
      url: `${BASE_URL}/`,
      env: { PORT: String(PORT), NODE_ENV: "production" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "npm start",
      url: `http://localhost:${STAGING_PORT}/`,
      env: {
        PORT: String(STAGING_PORT),
        NODE_ENV: "production",
        SITE_INDEXABLE: "false",
        SITE_URL: "https://staging.brisamar.example",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
