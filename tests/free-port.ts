/**
 * Ports for the servers a test starts of its own: the system picks free ones (listen on
 * port 0) and they are given back at once for the test's server to take. Another process
 * may take one in between, so a caller that can retry does (tests/e2e/own-server.ts).
 * No registry of fixed offsets: two runs side by side never meet.
 */
import { createServer, type Server } from "node:net";

const listening = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

const portOf = (server: Server) => {
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("no port was bound");
  return address.port;
};

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** `count` distinct free ports on 127.0.0.1, all held until the last is found. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = [];
  for (let i = 0; i < count; i++) servers.push(await listening(0));
  const ports = servers.map(portOf);
  await Promise.all(servers.map(close));
  return ports;
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/** A free port whose next port is free too (for a server that takes `port + 1` as well). */
export async function freePortPair(): Promise<number> {
  for (;;) {
    const first = await listening(0);
    const port = portOf(first);
    const second = port < 65535 ? await listening(port + 1).catch(() => null) : null;
    await close(first);
    if (second) {
      await close(second);
      return port;
    }
  }
}
