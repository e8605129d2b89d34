/**
 * Part of `npm run bench` (`ingest`): how many clicks and page views per second the ledger
 * commits, through the site's own write path (ClickLedger and ViewLedger: the batch queue,
 * 500 a transaction, each batch with its daily counts), on a throwaway PostgreSQL cluster
 * and, as the same run's reference, on a SQLite file. BENCH_INGEST_COUNT records of each
 * kind (default 100,000: one day of synthetic traffic, today, from scripts/seed/ledger-seed.ts,
 * made before the clock starts) are queued as fast as the queue takes them without
 * overflowing (never more than MAX_QUEUE / 2 waiting), then flushed; rows/s is the rows
 * committed (counted in the table afterwards, none dropped) over that time. One Node
 * process writes, as one instance does; no HTTP. No target: docs/scaling.md reads these.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { seedClicks, seedViews } from "./seed/ledger-seed";
import type { QueueStats } from "../app/ledger/batch-queue";
import { openLedgerDatabase } from "../app/ledger/database.server";
import { ClickLedger, MAX_QUEUE } from "../app/clicks/ledger.server";
import type { ClickRecord, ViewRecord } from "../app/ledger/schema";
import { loadContent } from "../app/content/load-content.server";
import { ViewLedger } from "../app/views/ledger.server";
import { startCluster } from "../tests/postgres-cluster";

import { countRows } from "./ledger-rows";
import { todayIn } from "../app/reports/reporting-day";

const COUNT = Number(process.env.BENCH_INGEST_COUNT ?? 100_000);

/** What ClickLedger and ViewLedger share. */
type Ledger<T> = {
  record(row: T): void;
  flush(): Promise<void>;
  snapshot(): QueueStats & { waiting: number };
};

/** Queues every row as fast as the queue drains, then flushes: rows committed per second. */
async function ingest<T>(ledger: Ledger<T>, rows: readonly T[]): Promise<number> {
  const started = performance.now();
  for (const row of rows) {
    ledger.record(row);
    // Let the drain run when the queue is deep: the site's queue would drop past MAX_QUEUE.
    while (ledger.snapshot().waiting > MAX_QUEUE / 2) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await ledger.flush();
  const seconds = (performance.now() - started) / 1000;
  const { written, dropped } = ledger.snapshot();
  if (dropped > 0 || written !== rows.length) {
    throw new Error(`wrote ${written} of ${rows.length} (${dropped} dropped)`);
  }
  return rows.length / seconds;
}

async function measure(label: string, url: string, clicks: ClickRecord[], views: ViewRecord[]) {
  const database = await openLedgerDatabase(url);
  const clickLedger = new ClickLedger(database);
  const viewLedger = new ViewLedger(database);
  try {
    const clicksPerSecond = await ingest(clickLedger, clicks);
    const viewsPerSecond = await ingest(viewLedger, views);
    const stored = {
      clicks: await countRows(database.db, "clicks"),
      views: await countRows(database.db, "views"),
    };
    if (stored.clicks !== clicks.length || stored.views !== views.length) {
      throw new Error(`${label} holds ${stored.clicks} clicks and ${stored.views} views`);
    }
    return { label, clicksPerSecond, viewsPerSecond };
  } finally {
    await viewLedger.close();
    await clickLedger.close();
  }
}

const content = loadContent();
const traffic = {
  days: 1,
  lastDay: todayIn("Europe/Madrid"),
  links: [...content.links.values()],
  pages: content.pages.map((page) => page.slug),
};
const clicks = [...seedClicks({ ...traffic, count: COUNT })];
const views = [...seedViews({ ...traffic, count: COUNT })];

const directory = mkdtempSync(path.join(tmpdir(), "bench-ingest-"));
const cluster = await startCluster();
try {
  const results = [
    await measure("PostgreSQL", cluster.url, clicks, views),
    await measure(
      "SQLite (reference)",
      `sqlite:${path.join(directory, "clicks.sqlite")}`,
      clicks,
      views,
    ),
  ];
  console.log(
    `\nLedger ingest: ${COUNT.toLocaleString("en")} clicks, then ${COUNT.toLocaleString("en")} page views, of one day, through ClickLedger and ViewLedger (batches of 500, daily counts included), rows committed per second\n`,
  );
  console.log("| ledger | clicks/s | page views/s |");
  console.log("| --- | ---: | ---: |");
  for (const { label, clicksPerSecond, viewsPerSecond } of results) {
    console.log(
      `| ${label} | ${Math.round(clicksPerSecond).toLocaleString("en")} | ${Math.round(viewsPerSecond).toLocaleString("en")} |`,
    );
  }
} finally {
  cluster.destroy();
  rmSync(directory, { recursive: true, force: true });
}
