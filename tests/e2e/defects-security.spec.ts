/**
 * Hostile clients against the production build: an open redirect through the locale form,
 * cross-site form posts, a flood of idle connections from one address, and a client that
 * writes its own X-Forwarded-For to escape a rate limit.
 */
import type { ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import net from "node:net";

import { ADMIN_PORT, PORT, STAGING_PORT } from "../../playwright.config";

import { expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

const SITE = `http://localhost:${PORT}`;
const ADMIN = `http://localhost:${ADMIN_PORT}`;

test.describe("the locale form's redirect", () => {
  for (const redirectTo of [
    "/.//evil.example",
    "/%2e//evil.example",
    "/terms/..//evil.example",
    "/terms/%2E%2E//evil.example/x",
  ]) {
    test(`stays on the site for redirectTo=${redirectTo}`, async ({ request }) => {
      const response = await request.post(`${SITE}/_app/locale`, {
        form: { locale: "en", redirectTo },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe("/");
    });
  }
});

test.describe("a cross-site form post", () => {
  for (const [url, form] of [
    [`${SITE}/_app/locale`, { locale: "en", redirectTo: "/terms" }],
    [`${ADMIN}/admin`, { intent: "login", password: "wrong-password" }],
  ] as const) {
    for (const origin of ["https://evil.example", "null"]) {
      test(`to ${new URL(url).pathname} from Origin ${origin} gets the site's 403 page`, async ({
        request,
      }) => {
        const response = await request.post(url, {
          form,
          headers: { Origin: origin },
          maxRedirects: 0,
        });
        expect(response.status()).toBe(403);
        expect(response.headers()["content-type"]).toMatch(/^text\/html/);
        expect(response.headers()["set-cookie"]).toBeUndefined();
        const html = await response.text();
        expect(html).toContain("<header");
        expect(html).toContain("<footer");
        expect(html).toContain("Solicitud no válida");
        expect(html).not.toMatch(/\bat .+\.js:\d+/);
      });
    }
  }

  test("from the site itself, or with no Origin, is answered as before", async ({ request }) => {
    const withAndWithout: Record<string, string>[] = [{ Origin: SITE }, {}];
    for (const headers of withAndWithout) {
      const response = await request.post(`${SITE}/_app/locale`, {
        form: { locale: "en", redirectTo: "/terms" },
        headers,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe("/terms");
    }
  });

  test("from the configured SITE_URL is answered, whatever Host the proxy sent", async ({
    request,
  }) => {
    // The staging server's SITE_URL is https://staging.brisamar.example; Host says localhost.
    const response = await request.post(`http://localhost:${STAGING_PORT}/_app/locale`, {
      form: { locale: "en", redirectTo: "/terms" },
      headers: { Origin: "https://staging.brisamar.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/terms");
  });
});

/** GET /healthz from `localAddress`, on a connection of its own: the status, or the error. */
function healthz(localAddress: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: PORT, path: "/healthz", localAddress, agent: false },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

test.describe("idle connections from one address", () => {
  test("do not lock other visitors out, and are closed by the server", async () => {
    test.setTimeout(90_000);
    // More than the server's whole connection cap (900), from one address that no other
    // test uses (loopback is 127.0.0.0/8), none of them sending a byte.
    const attack = Array.from({ length: 1_000 }, () => {
      const socket = net.connect({ host: "127.0.0.1", port: PORT, localAddress: "127.0.0.3" });
      socket.on("error", () => {});
      const settled = new Promise<void>((resolve) => {
        socket.once("connect", () => resolve());
        socket.once("close", () => resolve());
      });
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      return { socket, settled, closed };
    });
    try {
      await Promise.all(attack.map((socket) => socket.settled));
      const answers: (number | string)[] = [];
      for (let attempt = 0; attempt < 20; attempt++) answers.push(await healthz("127.0.0.2"));
      expect(answers).toEqual(Array.from({ length: 20 }, () => 200));
      // A socket that never starts a request does not stay open.
      await Promise.all(attack.map((socket) => socket.closed));
    } finally {
      for (const { socket } of attack) socket.destroy();
    }
  });
});

test.describe("the client's address behind a proxy", () => {
  // A server of this test's own: X-Forwarded-For read, only from a proxy at 10.0.0.0/8.
  let server: ChildProcess | null = null;

  test.afterAll(() => {
    if (server?.exitCode === null) server.kill("SIGKILL");
  });

  test("a client cannot leave the login rate limit by writing X-Forwarded-For", async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const own = await startOwnServer(0, {
      CLICK_LEDGER: "false",
      ADMIN_PASSWORD: "e2e-admin-password-long",
      SESSION_SECRET: "e2e-session-secret-of-at-least-32-characters",
      CLIENT_IP_HEADER: "x-forwarded-for",
      TRUSTED_PROXIES: "10.0.0.0/8",
    });
    server = own.process;

    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await request.post(`${own.url}/admin`, {
        form: { intent: "login", password: "wrong-password" },
        headers: { "X-Forwarded-For": `198.51.100.${attempt}` },
        maxRedirects: 0,
      });
      statuses.push(response.status());
    }
    // Five wrong passwords, then the limit: the six requests came from one client.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
