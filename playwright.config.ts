/**
 * End-to-end tests against the production build, started the way the README starts it
 * (`npm start`), in Debian's Chromium. Run `npm run build` first (`npm test` does).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
/** A second server configured as staging (not indexable, another origin). */
export const STAGING_PORT = PORT + 1;
/** Servers with analytics on: one reporting to the tests' collector, one to a dead host. */
export const ANALYTICS_PORT = PORT + 2;
export const ANALYTICS_DEAD_PORT = PORT + 3;
/** A server with the country gate on (cf-ipcountry, US and FR blocked). */
export const GATED_PORT = PORT + 4;
/** A server with the dashboard on (ADMIN_PASSWORD) and a ledger seeded with clicks. */
export const ADMIN_PORT = PORT + 5;
export const ADMIN_PASSWORD = "e2e-admin-password-long";
/** The admin server also receives postbacks at /postback/<POSTBACK_TOKEN>. */
export const POSTBACK_TOKEN = "e2e-postback-token-0123456789abcdef";
/** Header the admin server trusts for the client's address (per-test rate limits). */
export const CLIENT_IP_HEADER = "x-e2e-client";
/** The analytics collector the tests start themselves. */
export const COLLECTOR_PORT = PORT + 90;
export const ANALYTICS_SITE_ID = "e2e-site";

/**
 * One click ledger (SQLite file) per server and per run, in a directory made once by the
 * runner; workers inherit it through the environment.
 */
process.env.E2E_LEDGER_DIR ??= mkdtempSync(path.join(tmpdir(), "brisamar-e2e-"));

/**
 * The destination monitor checks on demand only (its specs press "Comprobar ahora"): the
 * shipped content's destinations are fictional hosts, and a test sends traffic to this
 * machine only. Every server a spec starts inherits it.
 */
process.env.LINK_CHECK_MINUTES ??= "0";
// Playwright clicks as soon as a page is seen and clicks one link again and again: the
// flags of clicks that are not people's (docs/click-flags.md) would flag the other specs'
// clicks. The data-centre flag stays on (their addresses are in no list); the click-flags
// spec runs a server with every flag.
process.env.CLICK_FLAGS ??= "data-centre";

/** The ledger file of the server on `port` (or of a spec's own server, by name). */
export function ledgerFile(port: number | string): string {
  return path.join(process.env.E2E_LEDGER_DIR!, `clicks-${port}.sqlite`);
}

function server(port: number, env: Record<string, string> = {}, command = "npm start") {
  return {
    command,
    url: `http://localhost:${port}/`,
    env: {
      PORT: String(port),
      NODE_ENV: "production",
      DATABASE_URL: `sqlite:${ledgerFile(port)}`,
      ...env,
    },
    reuseExistingServer: false,
    // A bound, not a wait: the dashboard's server seeds 20,000 clicks first, slow on a busy machine.
    timeout: 180_000,
  };
}

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // A bound on a test's whole run, not a wait: a test ends as soon as its conditions hold.
  // The studio's flows (save, publish: checks of the whole content) pass thirty seconds on a
  // shared two-core machine with one core taken; each expect still waits its own 5 s.
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "off",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    server(PORT),
    server(STAGING_PORT, { SITE_INDEXABLE: "false", SITE_URL: "https://staging.brisamar.example" }),
    server(ANALYTICS_PORT, {
      ANALYTICS_ENABLED: "true",
      ANALYTICS_HOST: `http://127.0.0.1:${COLLECTOR_PORT}`,
      ANALYTICS_SITE_ID,
    }),
    server(GATED_PORT, { COUNTRY_HEADER: "cf-ipcountry", BLOCKED_COUNTRIES: "US,FR" }),
    server(
      ADMIN_PORT,
      {
        ADMIN_PASSWORD,
        SESSION_SECRET: "e2e-session-secret-of-at-least-32-characters",
        CLIENT_IP_HEADER,
        TRUSTED_PROXIES: "loopback",
        POSTBACK_TOKEN,
      },
      // 20,000 synthetic clicks over 90 days, then the server.
      "npm run seed-clicks -- 20000 90 && npm start",
    ),
    // Port 9 (discard) has no listener here: the tracker script cannot load.
    server(ANALYTICS_DEAD_PORT, {
      ANALYTICS_ENABLED: "true",
      ANALYTICS_HOST: "http://127.0.0.1:9",
      ANALYTICS_SITE_ID,
    }),
  ],
});
