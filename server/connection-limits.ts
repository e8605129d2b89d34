/**
 * Keeps the server's connection cap (`maxConnections`) for visitors: one client cannot
 * fill it. Node closes a socket that has started a request and stalls (headersTimeout,
 * requestTimeout) but none that never sends a byte; so
 * - a socket whose first request has not arrived within `preRequestTimeoutMs` is closed;
 * - one address holds at most `connectionsPerAddress` sockets; the next are closed as
 *   they are accepted.
 * Trusted proxies (TRUSTED_PROXIES) are exempt from the second rule: every visitor behind
 * them shares their address, and the front in production (nginx) bounds each visitor's
 * connections and idle time itself.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

export type ConnectionLimits = {
  /** Time a new socket has to deliver its first request's headers. */
  preRequestTimeoutMs: number;
  /** Open sockets one address may hold. */
  connectionsPerAddress: number;
  /** Addresses exempt from the per-address bound (trusted proxies). */
  isExempt: (address: string) => boolean;
};

export function limitConnections(
  server: Server,
  { preRequestTimeoutMs, connectionsPerAddress, isExempt }: ConnectionLimits,
): void {
  const open = new Map<string, number>();
  const waiting = new WeakMap<Socket, NodeJS.Timeout>();

  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address && !isExempt(address)) {
      const count = (open.get(address) ?? 0) + 1;
      if (count > connectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once("close", () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    }
    const timer = setTimeout(() => socket.destroy(), preRequestTimeoutMs).unref();
    waiting.set(socket, timer);
    socket.once("close", () => clearTimeout(timer));
  });

  server.on("request", ({ socket }: { socket: Socket }) => {
    const timer = waiting.get(socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    waiting.delete(socket);
  });
}
