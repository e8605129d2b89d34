/**
 * Ahora through the cluster: two production servers on one throwaway
 * PostgreSQL, as two instances behind the front. A click answered by one instance shows
 * under Ahora on a dashboard open on the other within 10 seconds, without a reload: the
 * block reads the shared tables, not the instance's memory.
 */
import type { ChildProcess } from "node:child_process";

import { CLIENT_IP_HEADER } from "../../playwright.config";
import { startCluster, type Cluster } from "../postgres-cluster";

import { expect, test } from "./fixtures";
import { logIn } from "./log-in";
import { startOwnServer } from "./own-server";

const PASSWORD = "ahora-cluster-admin-password";
const LINK = "home-main-block-1-button-1";
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test.describe.configure({ mode: "serial" });

let cluster: Cluster | undefined;
const servers: ChildProcess[] = [];
const ports: number[] = [];
const origin = (index: number) => `http://127.0.0.1:${ports[index]}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster();
  for (let server = 0; server < 2; server++) {
    const own = await startOwnServer(
      0,
      {
        DATABASE_URL: cluster.url,
        ADMIN_PASSWORD: PASSWORD,
        SESSION_SECRET: "ahora-cluster-session-secret-of-32-characters",
        CLIENT_IP_HEADER,
        TRUSTED_PROXIES: "loopback",
      },
      { timeout: 60_000 },
    );
    servers.push(own.process);
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

test.use({ viewport: { width: 1280, height: 900 }, userAgent: PERSON_UA });

test("a click answered by one instance appears under Ahora on the other within 10 seconds", async ({
  page,
  request,
}) => {
  await page.setExtraHTTPHeaders({ [CLIENT_IP_HEADER]: "198.51.100.10" });
  await logIn(page, `${origin(1)}/admin`, PASSWORD);
  const live = page.getByRole("region", { name: "Ahora" });
  // A fresh ledger: no event yet, then the first answer's "nothing in 30 minutes".
  await expect(live.getByText("Ningún clic ni postback en los últimos 30 minutos.")).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const click = await request.get(`${origin(0)}/go/${LINK}`, {
    headers: { [CLIENT_IP_HEADER]: "198.51.100.11", "user-agent": PERSON_UA },
    maxRedirects: 0,
  });
  expect(click.status()).toBe(302);
  const events = live.locator(".admin-live__what");
  await expect(events).toHaveText([/^Clic en .+ desde \/$/], { timeout: 10_000 });
  await expect(live.locator(".admin-live__count", { hasText: "Clics" }).locator("dd")).toHaveText(
    "1",
  );
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
});
