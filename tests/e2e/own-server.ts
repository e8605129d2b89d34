/**
 * A production server of a test's own (`node build/server/index.js`), for the settings
 * none of playwright.config.ts's servers has: started on `port` with `env` added,
 * resolved once it listens, everything it prints kept for the test to read.
 */
import { type ChildProcess, spawn } from "node:child_process";

import { expect } from "@playwright/test";

export type OwnServer = {
  process: ChildProcess;
  /** What it has printed so far, stdout and stderr together. */
  log: () => string;
};

export async function startOwnServer(
  port: number,
  env: Record<string, string>,
  { timeout = 30_000 }: { timeout?: number } = {},
): Promise<OwnServer> {
  const child = spawn("node", ["build/server/index.js"], {
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const log = () => output;
  await expect.poll(log, { timeout }).toContain("[server] http://");
  return { process: child, log };
}
