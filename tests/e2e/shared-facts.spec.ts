/**
 * Two production servers on one throwaway PostgreSQL, as two instances behind the front
 * (deploy/README.md): a visitor is one visitor whichever instance answers (the daily salt is
 * shared), failed logins spend one budget, a session made on one instance opens the
 * dashboard on the other. Then PostgreSQL stops: pages and redirects keep answering, the
 * dashboard answers its Spanish 503 page (no stack), and once PostgreSQL is back the click
 * made meanwhile is in the ledger, once, and the dashboard opens again.
 */
import type { ChildProcess } from "node:child_process";

import pg from "pg";

import { CLIENT_IP_HEADER } from "../../playwright.config";
import { startCluster, type Cluster } from "../postgres-cluster";

import { expect, site, test } from "./fixtures";
import { startOwnServer } from "./own-server";

const PASSWORD = "shared-facts-admin-password";
const LINK = "home-main-block-1-button-1";
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
/** The ledger writes its queue every second; an outage's retries follow. */
const LEDGER_WRITE_MS = 15_000;
const { service_unavailable: unavailable } = (
  site as unknown as { errors: Record<string, { title: string; text: string }> }
).errors;

test.describe.configure({ mode: "serial" });

let cluster: Cluster | undefined;
const servers: ChildProcess[] = [];
const logs: (() => string)[] = [];
/** The two servers' ports, free ones found as they start. */
const ports: number[] = [];
const origin = (index: number) => `http://127.0.0.1:${ports[index]}`;

let clients = 0;
/** Headers of one client (its address, as the trusted front would pass it). */
const clientOf = () => ({
  [CLIENT_IP_HEADER]: `198.51.100.${++clients}`,
  "user-agent": BROWSER_UA,
});

async function rows(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: cluster!.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster();
  for (let server = 0; server < 2; server++) {
    const own = await startOwnServer(
      0,
      {
        DATABASE_URL: cluster.url,
        ADMIN_PASSWORD: PASSWORD,
        SESSION_SECRET: "shared-facts-session-secret-of-32-characters",
        CLIENT_IP_HEADER,
        TRUSTED_PROXIES: "loopback",
      },
      { timeout: 60_000 },
    );
    servers.push(own.process);
    logs.push(own.log);
    ports.push(own.port);
  }
});

test.afterAll(async () => {
  for (const server of servers) {
    if (server.exitCode !== null) continue;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  cluster?.destroy();
});

test("a visitor whose clicks reach both instances is one visitor", async ({ request }) => {
  const headers = { ...clientOf(), referer: `${origin(0)}/` };
  for (const index of [0, 1]) {
    const click = await request.get(`${origin(index)}/go/${LINK}`, { headers, maxRedirects: 0 });
    expect(click.status()).toBe(302);
  }
  const visitors = () =>
    rows(
      "select count(*)::int as clicks, count(distinct visitor)::int as visitors from clicks where link_id = $1",
      LINK,
    );
  await expect.poll(visitors, { timeout: LEDGER_WRITE_MS }).toEqual([{ clicks: 2, visitors: 1 }]);
});

test("failed logins on either instance spend one budget; a session opens both", async ({
  request,
}) => {
  const attacker = clientOf();
  for (let attempt = 0; attempt < 5; attempt++) {
    const wrong = await request.post(`${origin(attempt % 2)}/admin`, {
      form: { intent: "login", password: `wrong-${attempt}` },
      headers: attacker,
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(401);
  }
  for (const index of [0, 1]) {
    const blocked = await request.post(`${origin(index)}/admin`, {
      form: { intent: "login", password: PASSWORD },
      headers: attacker,
      maxRedirects: 0,
    });
    expect(blocked.status()).toBe(429);
  }

  const login = await request.post(`${origin(0)}/admin`, {
    form: { intent: "login", password: PASSWORD },
    headers: clientOf(),
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const cookie = login.headers()["set-cookie"]!.split(";")[0]!;
  const other = await request.get(`${origin(1)}/admin`, { headers: { cookie } });
  expect(other.status()).toBe(200);
  expect(await other.text()).toContain("Cerrar sesión");
});

test("with PostgreSQL stopped, pages and redirects answer, the dashboard says 503 in Spanish", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const login = await request.post(`${origin(1)}/admin`, {
    form: { intent: "login", password: PASSWORD },
    headers: clientOf(),
    maxRedirects: 0,
  });
  const cookie = login.headers()["set-cookie"]!.split(";")[0]!;
  const before = Number((await rows("select count(*) as n from clicks"))[0]!.n);

  cluster!.stop();
  try {
    const page = await request.get(`${origin(0)}/`, { headers: clientOf() });
    expect(page.status()).toBe(200);
    const click = await request.get(`${origin(0)}/go/${LINK}`, {
      headers: { ...clientOf(), referer: `${origin(0)}/` },
      maxRedirects: 0,
    });
    expect(click.status()).toBe(302);

    const dashboard = await request.get(`${origin(1)}/admin`, { headers: { cookie } });
    expect(dashboard.status()).toBe(503);
    expect(Number(dashboard.headers()["retry-after"])).toBeGreaterThan(0);
    const body = await dashboard.text();
    expect(body).toContain(unavailable!.title);
    expect(body).not.toMatch(/\n\s+at /);
    // The exports too: they read before they stream, so a 503 in Spanish, not a cut file.
    for (const file of ["daily.csv?period=7d", "clicks.csv"]) {
      const exported = await request.get(`${origin(1)}/admin/${file}`, { headers: { cookie } });
      expect(exported.status(), file).toBe(503);
      expect(Number(exported.headers()["retry-after"]), file).toBeGreaterThan(0);
      expect(await exported.text(), file).toContain("La base de datos no responde");
    }
    // The click waits in the queue, which says it could not write it yet.
    await expect.poll(logs[0]!, { timeout: LEDGER_WRITE_MS }).toContain("cannot write 1 clicks");
  } finally {
    cluster!.start();
  }

  await expect
    .poll(async () => (await request.get(`${origin(1)}/admin`, { headers: { cookie } })).status(), {
      timeout: LEDGER_WRITE_MS,
    })
    .toBe(200);
  await expect
    .poll(async () => (await rows("select count(*)::int as clicks from clicks"))[0], {
      timeout: LEDGER_WRITE_MS,
    })
    .toEqual({ clicks: before + 1 });
  expect(servers.map((server) => server.exitCode)).toEqual([null, null]);
});
