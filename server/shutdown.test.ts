import { spawn } from "node:child_process";
import { once } from "node:events";

import { describe, expect, it } from "vitest";

/** Starts the fixture server in its own process and resolves with its port. */
async function startFixture() {
  const child = spawn(process.execPath, ["--import", "tsx", "server/fixtures/crash-in-flight.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port: ${output}`)), 20_000);
    child.stdout.on("data", () => {
      const match = /port (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { child, port, output: () => output };
}

/** Resolves once the fixture says it is answering `path` (it logs each request it receives). */
async function inFlight(output: () => string, path: string) {
  await expect.poll(output, { timeout: 20_000 }).toContain(`in flight ${path}\n`);
}

describe("graceful shutdown", () => {
  it("finishes the request in flight after SIGTERM, runs the hooks and exits 0", async () => {
    const { child, port, output } = await startFixture();
    const slow = fetch(`http://127.0.0.1:${port}/slow`).then((response) => response.text());
    await inFlight(output, "/slow");
    child.kill("SIGTERM");
    expect(await slow).toBe("slow answer");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(output()).toContain("hook ran");
  }, 30_000);

  it("logs an uncaught exception with its stack, drains and exits 1", async () => {
    const { child, port, output } = await startFixture();
    const slow = fetch(`http://127.0.0.1:${port}/slow`).then((response) => response.text());
    await inFlight(output, "/slow");
    await fetch(`http://127.0.0.1:${port}/crash`);
    expect(await slow).toBe("slow answer");
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(output()).toMatch(/fatal error, shutting down: Error: boom in a timer\n\s+at /);
    expect(output()).toContain("hook ran");
  }, 30_000);
});
