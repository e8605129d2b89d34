/**
 * A production server of a test's own (`node build/server/index.js`), for the settings
 * none of playwright.config.ts's servers has: started with `env` added, resolved once it
 * listens, everything it prints kept for the test to read. Port 0 means a free port found
 * now (tests/free-port.ts), tried again with another should someone take it first; the
 * port it took is `port`.
 */
import { type ChildProcess, spawn } from "node:child_process";

import { expect, type Page } from "@playwright/test";

import { freePort } from "../free-port";

export type OwnServer = {
  process: ChildProcess;
  /** What it has printed so far, stdout and stderr together. */
  log: () => string;
  port: number;
  /** `http://localhost:<port>`. */
  url: string;
};

const LISTENING = "[server] http://";
/** Attempts at a free port before giving up (another process took each one first). */
const FREE_PORT_ATTEMPTS = 3;

export async function startOwnServer(
  port: number,
  env: Record<string, string>,
  { timeout = 30_000 }: { timeout?: number } = {},
): Promise<OwnServer> {
  for (let attempt = 1; ; attempt++) {
    const chosen = port === 0 ? await freePort() : port;
    const child = spawn("node", ["build/server/index.js"], {
      env: { ...process.env, PORT: String(chosen), NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const log = () => output;
    let exited = false;
    child.once("close", () => (exited = true));
    // Listening, or gone (then the log says why); on a time-out the log is what it shows.
    const state = () => (log().includes(LISTENING) ? "listening" : exited ? "exited" : log());
    await expect.poll(state, { timeout }).toMatch(/^(listening|exited)$/);
    if (log().includes(LISTENING)) {
      return { process: child, log, port: chosen, url: `http://localhost:${chosen}` };
    }
    if (port !== 0 || attempt === FREE_PORT_ATTEMPTS || !log().includes("EADDRINUSE")) {
      throw new Error(`the server exited before it listened:\n${log()}`);
    }
  }
}

/**
 * Waits for the studio's "Borrador guardado": the autosave's own answer. A save checks the
 * page against the whole content, which on a busy two-core machine passes five seconds.
 */
export async function waitForDraftSaved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Borrador guardado" })).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * Waits for the studio's "Publicado": the publish's own answer. A publish checks the whole
 * content (its records make some 30 pages): on a busy machine that passes five seconds.
 */
export async function waitForPublished(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Publicado" })).toBeVisible({
    timeout: 20_000,
  });
}
