/**
 * A destination split end to end (docs/experiments.md "Test two destinations"): a copy of the
 * content where the "home-h1" experiment runs (tests/running-experiment.ts) and the first
 * affiliate link of `/` sends the visitors of its variant B to a second landing of the
 * program. A server of its own (trusting the test's client-address header, so each
 * "visitor" is an address of the test's choosing) with a ledger of its own: each visitor's
 * redirect must follow the variant the page showed them, and each click must be recorded
 * with that variant.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";

import { CLIENT_IP_HEADER } from "../../playwright.config";
import { writeRunningExperimentContent } from "../running-experiment";

import { expect, pageBySlug, test } from "./fixtures";
import { startOwnServer } from "./own-server";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.0.0 Safari/537.36";
/** Enough visitors that both variants appear (one-sided: 2^-39 at 50/50). */
const ADDRESSES = Array.from({ length: 40 }, (_, index) => `198.51.100.${index + 1}`);
/** The ledger writes its queue every second; a click is in the file a few flushes later. */
const LEDGER_WRITE_MS = 10_000;

const hero = pageBySlug("/").components.find(
  (component) => component.component_id === 1,
)! as unknown as { data: { content: { h1: string } } };
const CONTROL = hero.data.content.h1;

test.describe.configure({ mode: "default" });

let server: ChildProcess | null = null;
/** The server's origin, once it listens on a free port. */
let BASE = "";
let work = "";
let ledger = "";
/** The split link: its id, its own destination (the control's), variant B's. */
let link = { id: "", control: "", variantB: "" };

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  // The first link of `/` to the program, and where it goes, from the shared e2e server.
  const home = await (await request.get("/")).text();
  const id = /href="\/go\/([a-z0-9-]+)"/.exec(home)?.[1];
  expect(id, "/ has an affiliate link").toBeTruthy();
  const control = await request.get(`/go/${id}`, {
    maxRedirects: 0,
    headers: { "user-agent": GOOGLEBOT },
  });
  expect(control.status()).toBe(302);
  const destination = new URL(control.headers().location!);
  link = {
    id: id!,
    control: `${destination.origin}${destination.pathname}`,
    variantB: `${destination.origin}/landing-b/`,
  };

  work = mkdtempSync(path.join(tmpdir(), "e2e-split-"));
  const content = writeRunningExperimentContent(path.join(work, "content"), {
    edit: (site) => {
      site.affiliate.splits = [
        { link: link.id, experiment: "home-h1", destinations: { B: link.variantB } },
      ];
    },
  });
  ledger = path.join(work, "clicks.sqlite");
  const own = await startOwnServer(0, {
    CLIENT_IP_HEADER,
    TRUSTED_PROXIES: "loopback",
    CONTENT_DIR: content,
    DATABASE_URL: `sqlite:${ledger}`,
  });
  server = own.process;
  BASE = own.url;
});

test.afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGKILL");
  if (work) rmSync(work, { recursive: true, force: true });
});

test("each visitor's click goes to their variant's destination and is recorded with it", async ({
  request,
}) => {
  const expected: { visitor: string; variants: string; destination: string }[] = [];
  for (const address of ADDRESSES) {
    const headers = { [CLIENT_IP_HEADER]: address, "user-agent": BROWSER };
    const page = await request.get(`${BASE}/`, { headers });
    const headline = /<h1[^>]*>([^<]*)<\/h1>/.exec(await page.text())?.[1];
    const variant = headline === CONTROL ? "A" : "B";
    // A query naming a variant changes nothing.
    const click = await request.get(`${BASE}/go/${link.id}?variant=A&split=B`, {
      maxRedirects: 0,
      headers,
    });
    expect(click.status()).toBe(302);
    const location = new URL(click.headers().location!);
    const destination = variant === "B" ? link.variantB : link.control;
    expect(`${location.origin}${location.pathname}`, address).toBe(destination);
    expected.push({ visitor: address, variants: `home-h1=${variant}`, destination });
  }
  expect(new Set(expected.map((row) => row.variants))).toEqual(new Set(["home-h1=A", "home-h1=B"]));

  // Googlebot follows the link to the control's destination, recorded as the control.
  const bot = await request.get(`${BASE}/go/${link.id}`, {
    maxRedirects: 0,
    headers: { [CLIENT_IP_HEADER]: ADDRESSES[0]!, "user-agent": GOOGLEBOT },
  });
  expect(new URL(bot.headers().location!).pathname).toBe(new URL(link.control).pathname);

  /** The link's clicks in order, each destination without its query. */
  const recorded = () => {
    const db = new Database(ledger, { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare(
          "select variants, destination, is_bot from clicks where link_id = ? order by at, rowid",
        )
        .all(link.id) as { variants: string; destination: string; is_bot: number }[];
      return rows.map((row) => {
        const url = new URL(row.destination);
        return { ...row, destination: `${url.origin}${url.pathname}` };
      });
    } finally {
      db.close();
    }
  };
  await expect.poll(() => recorded().length, { timeout: LEDGER_WRITE_MS }).toBe(41);
  const rows = recorded();
  expect(rows.slice(0, 40).map(({ variants, destination }) => ({ variants, destination }))).toEqual(
    expected.map(({ variants, destination }) => ({ variants, destination })),
  );
  expect(rows[40]).toEqual({ variants: "home-h1=A", destination: link.control, is_bot: 1 });
});
