/**
 * `npm run seed-clicks -- [count] [days] [views]`: writes synthetic clicks (default
 * 1,000,000 over 400 days up to today), the conversions a program would report for them
 * (about 8 % of people's clicks register, 3 % deposit) and the page views around them
 * (default five per click, on the content's pages, a few "404"; scripts/seed/ledger-seed.ts)
 * into the ledger of
 * DATABASE_URL (default: the SQLite file data/clicks.sqlite), on the content's real pages
 * and link ids, to try the dashboard and measure it. The daily counts are rebuilt by SQL
 * after the rows are written (app/ledger/rollups/rebuild.server.ts). Never point it at a ledger with real
 * clicks you care about: it only adds.
 */
import { writeSeed } from "./seed/ledger-seed";
import { openLedgerDatabase } from "../app/ledger/database.server";
import { env } from "../app/config/env.server";
import { loadContent } from "../app/content/load-content.server";
import { variantsByPage } from "../app/experiments/recorded.server";
import { todayIn } from "../app/reports/reporting-day";

const count = Number(process.argv[2] ?? 1_000_000);
const days = Number(process.argv[3] ?? 400);
const views = Number(process.argv[4] ?? count * 5);
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isInteger(days) ||
  days < 1 ||
  !Number.isInteger(views) ||
  views < 0
) {
  console.error("Usage: npm run seed-clicks -- [count] [days] [views]   (whole numbers)");
  process.exit(1);
}

const database = await openLedgerDatabase(env.DATABASE_URL);
const content = loadContent();
const started = performance.now();
const seeded = await writeSeed(database, {
  count,
  days,
  lastDay: todayIn(env.REPORT_TIME_ZONE),
  links: [...content.links.values()],
  pages: content.pages.map((page) => page.slug),
  views,
  // The clicks' daily counts by SQL once at the end: several times faster than per batch.
  clickRollups: "rebuild",
  // Traffic on a page under a running experiment records its variants, as live traffic does.
  variantsOf: variantsByPage(content.site.experiments, content.pages),
  onProgress: (done) => {
    if (done % 100_000 === 0) console.log(`  ${done.toLocaleString("en")} clicks…`);
  },
});
console.log(
  `wrote ${seeded.clicks.toLocaleString("en")} clicks, ${seeded.conversions.toLocaleString("en")} conversions and ${seeded.views.toLocaleString("en")} page views over ${days} days into ${database.describe} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
