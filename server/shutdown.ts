/**
 * Graceful shutdown. On SIGTERM or SIGINT (and after an uncaught exception or unhandled
 * rejection, which is logged with its stack first) the server stops accepting
 * connections, closes idle keep-alive sockets, lets requests in flight finish, runs the
 * hooks the app registered (a store that must flush, say), and exits: 0 after a signal, 1
 * after a crash. `close-with-grace` owns the signals and the time limit (SHUTDOWN_GRACE_MS
 * for all of it); the hooks are told when to stop (HOOK_MARGIN_MS before it), so that a
 * store can say what it could not write before the process is ended.
 */
import type { Server } from "node:http";

import closeWithGrace from "close-with-grace";

export const SHUTDOWN_GRACE_MS = 10_000;
/** What the hooks leave of the grace period: closing the database, the last log lines. */
const HOOK_MARGIN_MS = 1_000;

/** Work to do at shutdown; `deadline` (ms since the epoch) is when to stop writing. */
type Hook = (deadline: number) => Promise<void> | void;
const hooks: Hook[] = [];

/** Registers work to do after the last request and before the process exits. */
export function onShutdown(hook: Hook): void {
  hooks.push(hook);
}

async function runHooks(log: (message: string) => void, deadline: number) {
  for (const hook of hooks) {
    try {
      await hook(deadline);
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
    const deadline = Date.now() + SHUTDOWN_GRACE_MS - HOOK_MARGIN_MS;
    if (err) log(`[server] fatal error, shutting down: ${err.stack ?? String(err)}`);
    else log(`[server] ${signal ?? "shutdown"}: finishing requests in flight`);
    await drain(server);
    await runHooks(log, deadline);
    log("[server] stopped");
  });
}
