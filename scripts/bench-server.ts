/** Starts and stops the production server for the benchmarks (localhost only). */
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/** `node build/server/index.js` on `port`, resolved once /healthz answers. */
export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn("node", ["build/server/index.js"], {
    // No destination monitor: its checks at start would run beside the load.
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      LINK_CHECK_MINUTES: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Up to 30 s: a machine busy with other work boots the server slowly.
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start");
}

/** SIGTERM, resolved once the process has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
