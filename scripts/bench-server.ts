/** Starts and stops the production server for the benchmarks (localhost only). */
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Kills `child` when this bench exits, however it exits: a bench that throws midway
 * (a missing tool) must not leave a server holding its port, which the next run's server
 * could not take while its health check found the old one answering.
 */
export function stopOnExit(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/**
 * `node build/server/index.js` on `port`, resolved once /healthz answers; rejected when the
 * server exits first (its port taken, a bad setting: its stderr says which).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  if (await answers(port))
    throw new Error(`port ${port} is taken: something answers there already`);
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
  stopOnExit(child);
  // Up to 30 s: a machine busy with other work boots the server slowly.
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server on port ${port} exited before answering /healthz`);
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

/** Whether anything answers HTTP on `port` of localhost. */
async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, resolved once the process has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
