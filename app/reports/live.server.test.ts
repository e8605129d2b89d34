/**
 * The Ahora block's reads on an in-memory SQLite ledger: the last 30 minutes' visitors,
 * people's clicks, postbacks and latest events (bots, CSV imports, older and future rows
 * left out); every query a range of its table's `at` index; one set of queries per cache
 * period however many callers, a failed read not kept.
 */
import type { Kysely, KyselyPlugin } from "kysely";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";

import { testClick } from "../../tests/click-record";
import { sqlitePlan } from "../../tests/query-plan";
import { ownPostgresDatabase } from "../../tests/own-database";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import type { ConversionsTable, Database, ViewsTable } from "~/ledger/schema";

import { CACHE_MS, LATEST_EVENTS, liveQueries, liveReports } from "./live.server";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const DAY = "2026-11-28";
const minutesAgo = (minutes: number) => NOW - minutes * 60_000;

function view(at: number, visitor: string): Omit<ViewsTable, "id"> {
  return {
    at,
    day: DAY,
    page: "/bonos",
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    referrer: null,
    country: null,
    device: "mobile",
    browser: "Chrome",
    visitor,
    variants: null,
  };
}

let conversions = 0;
function conversion(overrides: Partial<ConversionsTable>): Omit<ConversionsTable, "id"> {
  conversions++;
  return {
    at: NOW,
    day: DAY,
    event: "registration",
    amount_cents: 0,
    currency: "EUR",
    txid: null,
    dedup_key: `key-${conversions}`,
    click_id: `click-${conversions}`,
    orphan: 0,
    origin: "postback",
    click_at: null,
    link_id: "bonos-hero",
    page: "/bonos",
    utm_source: null,
    utm_campaign: null,
    referrer: null,
    subid: null,
    country: null,
    device: "mobile",
    ...overrides,
  } as Omit<ConversionsTable, "id">;
}

/** `db` with a count of the queries it runs. */
function counted(db: Kysely<Database>) {
  const runs = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      runs.queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), runs };
}

/** In memory; and the tests' PostgreSQL, what several instances share (a database of its own). */
let postgres: Promise<string> | undefined;
const suites: [string, () => Promise<string>][] = [
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => (postgres ??= ownPostgresDatabase(inject("databaseUrl"), "live_reports"))],
];

describe.each(suites)("the last 30 minutes (Ahora) on %s", (kind, url) => {
  let database: LedgerDatabase;

  beforeEach(async () => {
    database = await openLedgerDatabase(await url());
    if (kind === "PostgreSQL") {
      for (const table of ["clicks", "views", "conversions"] as const) {
        await database.db.deleteFrom(table).execute();
      }
    }
    await database.db
      .insertInto("clicks")
      .values([
        testClick({ at: minutesAgo(1), day: DAY, link_id: "bonos-hero", page: "/bonos" }),
        testClick({ at: minutesAgo(29), day: DAY, link_id: "home-hero", page: "/" }),
        // A bot's, one older than the window and one in the future: none is "now".
        testClick({ at: minutesAgo(2), day: DAY, is_bot: 1 }),
        testClick({ at: minutesAgo(31), day: DAY }),
        testClick({ at: NOW + 60_000, day: DAY }),
      ])
      .execute();
    await database.db
      .insertInto("views")
      .values([
        view(minutesAgo(3), "v1"),
        view(minutesAgo(4), "v1"),
        view(minutesAgo(5), "v2"),
        view(minutesAgo(40), "v3"),
      ])
      .execute();
    await database.db
      .insertInto("conversions")
      .values([
        conversion({ at: NOW - 30_000, event: "registration" }),
        conversion({ at: NOW - 10_000, event: "commission", amount_cents: 2500, page: "/" }),
        // Imported from a CSV (noon of its date) and an hour old: neither is "now".
        conversion({ at: NOW - 5_000, origin: "import", event: "ftd" }),
        conversion({ at: minutesAgo(60), event: "ftd" }),
      ])
      .execute();
  });

  afterEach(async () => {
    await database.close();
  });

  it("counts visitors, people's clicks and postbacks of the window and lists its events newest first", async () => {
    const activity = await liveReports(database.reader, { clock: () => NOW }).activity();
    expect(activity).toMatchObject({
      now: NOW,
      since: minutesAgo(30),
      visitors: 2,
      clicks: 2,
      postbacks: 2,
    });
    expect(activity.events).toEqual([
      {
        kind: "commission",
        at: NOW - 10_000,
        link: "bonos-hero",
        page: "/",
        amountCents: 2500,
        currency: "EUR",
      },
      {
        kind: "registration",
        at: NOW - 30_000,
        link: "bonos-hero",
        page: "/bonos",
        amountCents: 0,
        currency: "EUR",
      },
      { kind: "click", at: minutesAgo(1), link: "bonos-hero", page: "/bonos" },
      { kind: "click", at: minutesAgo(29), link: "home-hero", page: "/" },
    ]);
  });

  it("lists the latest ten events only", async () => {
    await database.db
      .insertInto("clicks")
      .values(
        Array.from({ length: 12 }, (_, index) =>
          testClick({ at: NOW - 1_000 * (index + 1), day: DAY, link_id: `link-${index}` }),
        ),
      )
      .execute();
    const { events, clicks } = await liveReports(database.reader, { clock: () => NOW }).activity();
    expect(clicks).toBe(14);
    expect(events).toHaveLength(LATEST_EVENTS);
    expect(events.map((event) => event.link)).toEqual(
      Array.from({ length: 10 }, (_, index) => `link-${index}`),
    );
  });

  // SQLite's query plans only: PostgreSQL chooses its plan by the table's size.
  if (kind === "SQLite") {
    it("reads each table through a range of its `at` index", async () => {
      const queries = liveQueries(database.reader, minutesAgo(30), NOW);
      const plans = await Promise.all(
        Object.entries(queries).map(async ([name, query]) => [
          name,
          await sqlitePlan(database.reader, query.compile()),
        ]),
      );
      const table = { visitors: "views", clicks: "clicks", postbacks: "conversions" } as const;
      for (const [name, plan] of plans) {
        const on =
          table[name as keyof typeof table] ?? (name === "latestClicks" ? "clicks" : "conversions");
        expect(plan, name).toContain(`SEARCH ${on} USING INDEX ${on}_at (at>? AND at<?)`);
        // No scan of a table, nor a sort of its rows: the latest come in the index's order.
        expect(plan, name).not.toMatch(/\bSCAN\b|ORDER BY/);
      }
    });
  }

  it("answers every caller within the cache period with one set of queries", async () => {
    const { db, runs } = counted(database.reader);
    let now = NOW;
    const live = liveReports(db, { clock: () => now });
    // Open tabs asking at once share the read in flight.
    const answers = await Promise.all([live.activity(), live.activity(), live.activity()]);
    expect(runs.queries).toBe(5);
    expect(answers[1]).toBe(answers[0]);
    await database.db
      .insertInto("clicks")
      .values(testClick({ at: NOW, day: DAY }))
      .execute();
    now = NOW + CACHE_MS - 1;
    expect((await live.activity()).clicks).toBe(2);
    expect(runs.queries).toBe(5);
    now = NOW + CACHE_MS;
    expect((await live.activity()).clicks).toBe(3);
    expect(runs.queries).toBe(10);
  });

  it("keeps a slow read's answer five times as long as it took, so a busy site's block costs a fifth of a reader", async () => {
    const { db, runs } = counted(database.reader);
    let now = NOW;
    const live = liveReports(db, { clock: () => now });
    const first = live.activity();
    // The read takes 2 s of the clock (a busy window): its answer is kept 10 s.
    now = NOW + 2_000;
    await first;
    expect(runs.queries).toBe(5);
    now = NOW + 5 * 2_000 - 1;
    expect(await live.activity()).toBe(await first);
    expect(runs.queries).toBe(5);
    now = NOW + 5 * 2_000;
    expect((await live.activity()).now).toBe(NOW + 5 * 2_000);
    expect(runs.queries).toBe(10);
  });

  it("keeps no failed read: the next caller reads again", async () => {
    let fail = true;
    const failing: KyselyPlugin = {
      transformQuery: (args) => {
        if (fail) throw new Error("the database does not answer");
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const live = liveReports(database.reader.withPlugin(failing), { clock: () => NOW });
    await expect(live.activity()).rejects.toThrow("the database does not answer");
    fail = false;
    expect((await live.activity()).clicks).toBe(2);
  });
});
