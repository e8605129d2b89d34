/**
 * Graceful shutdown. On SIGTERM or SIGINT (and after an uncaught exception or unhandled
 * rejection, which is logged with its stack first) the server stops accepting
 * connections, closes idle keep-alive sockets, lets requests in flight finish (at most
 * SHUTDOWN_GRACE_MS), runs the hooks the app registered (a store that must flush, say),
 * and exits: 0 after a signal, 1 after a crash. `close-with-grace` owns the signals and
 * the time limit.
 */
import type { Server } from "node:http";

import closeWithGrace from "close-with-grace";

export const SHUTDOWN_GRACE_MS = 10_000;

type Hook = () => Promise<void> | void;
const hooks: Hook[] = [];

/** Registers work to do after the last request and before the process exits. */
export function onShutdown(hook: Hook): void {
  hooks.push(hook);
}

async function runHooks(log: (message: string) => void) {
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      log(`[server] shutdown hook failed: ${(error as Error).stack ?? String(error)}`);
    }
  }
}

/** Resolves when the server has closed: every in-flight request answered. */
function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Sockets that become idle after their last answer are closed as they finish.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.once("close", () => clearInterval(idle));
  });
}

/** Installs the signal and crash handlers for `server`. */
export function installGracefulShutdown(server: Server, log = console.error) {
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) log(`[server] fatal error, shutting down: ${err.stack ?? String(err)}`);
    else log(`[server] ${signal ?? "shutdown"}: finishing requests in flight`);
    await drain(server);
    await runHooks(log);
    log("[server] stopped");
  });
}
