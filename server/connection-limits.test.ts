import { createServer, type Server } from "node:http";
import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { limitConnections, type ConnectionLimits } from "./connection-limits";

let server: Server | undefined;
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function start(limits: Partial<ConnectionLimits>): Promise<number> {
  server = createServer((_req, res) => res.end("ok"));
  server.keepAliveTimeout = 60_000;
  limitConnections(server, {
    preRequestTimeoutMs: 60_000,
    connectionsPerAddress: 1_000,
    isExempt: () => false,
    ...limits,
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A client socket from `localAddress` (loopback has 127.0.0.0/8: one address per client). */
function open(port: number, localAddress: string) {
  const socket = net.connect({ host: "127.0.0.1", port, localAddress });
  sockets.push(socket);
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  return { socket, connected, closed, isClosed: () => isClosed };
}

/** Sends a request on the socket and resolves with whether an answer came back. */
function answers(socket: net.Socket): Promise<boolean> {
  return new Promise((resolve) => {
    socket.once("data", (chunk: Buffer) => resolve(chunk.toString().startsWith("HTTP/1.1 200")));
    socket.once("close", () => resolve(false));
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  });
}

describe("limitConnections", () => {
  it("closes a socket that sends no request", async () => {
    const port = await start({ preRequestTimeoutMs: 100 });
    const idle = open(port, "127.0.0.2");
    await idle.closed;
  });

  it("keeps a socket whose request arrived in time", async () => {
    const port = await start({ preRequestTimeoutMs: 200 });
    const busy = open(port, "127.0.0.2");
    await busy.connected;
    expect(await answers(busy.socket)).toBe(true);
    // Barrier: a later idle socket's timer fires after the first one's would have.
    const idle = open(port, "127.0.0.2");
    await idle.closed;
    expect(busy.isClosed()).toBe(false);
    expect(await answers(busy.socket)).toBe(true);
  });

  it("lets one address hold only its share of sockets, and others still connect", async () => {
    const port = await start({ connectionsPerAddress: 3 });
    const clients = Array.from({ length: 5 }, () => open(port, "127.0.0.3"));
    await Promise.all(clients.map((client) => client.connected));
    // Two are closed; the three others are answered (so they were not closed).
    await new Promise<void>((resolve) => {
      const check = () => clients.filter((c) => c.isClosed()).length === 2 && resolve();
      for (const client of clients) void client.closed.then(check);
    });
    const open3 = clients.filter((client) => !client.isClosed());
    expect(await Promise.all(open3.map((client) => answers(client.socket)))).toEqual([
      true,
      true,
      true,
    ]);
    const other = open(port, "127.0.0.2");
    await other.connected;
    expect(await answers(other.socket)).toBe(true);
  });

  it("does not bound the sockets of a trusted proxy", async () => {
    const port = await start({
      connectionsPerAddress: 1,
      isExempt: (address) => address === "127.0.0.4",
    });
    const clients = Array.from({ length: 4 }, () => open(port, "127.0.0.4"));
    await Promise.all(clients.map((client) => client.connected));
    expect(await Promise.all(clients.map((client) => answers(client.socket)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
