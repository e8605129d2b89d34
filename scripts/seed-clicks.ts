/**
 * `npm run seed-clicks -- [count] [days]`: writes synthetic clicks (default 1,000,000 over
 * 400 days up to today) and the conversions a program would report for them (about 8 % of
 * people's clicks register, 3 % deposit; app/admin/seed.server.ts) into the ledger of
 * DATABASE_URL (default: the SQLite file data/clicks.sqlite), on the content's real pages
 * and link ids, to try the dashboard and measure it. Never point it at a ledger with real
 * clicks you care about: it only adds.
 */
import { writeSeed } from "../app/admin/seed.server";
import { todayIn } from "../app/admin/query";
import { openLedgerDatabase } from "../app/clicks/database.server";
import { env } from "../app/config/env.server";
import { loadContent } from "../app/content/load-content.server";

const count = Number(process.argv[2] ?? 1_000_000);
const days = Number(process.argv[3] ?? 400);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(days) || days < 1) {
  console.error("Usage: npm run seed-clicks -- [count] [days]   (whole numbers)");
  process.exit(1);
}

const database = await openLedgerDatabase(env.DATABASE_URL);
const links = [...loadContent().links.values()];
const started = performance.now();
const { clicks, conversions } = await writeSeed(database, {
  count,
  days,
  lastDay: todayIn(env.REPORT_TIME_ZONE),
  links,
  onProgress: (done) => {
    if (done % 100_000 === 0) console.log(`  ${done.toLocaleString("en")} clicks…`);
  },
});
console.log(
  `wrote ${clicks.toLocaleString("en")} clicks and ${conversions.toLocaleString("en")} conversions over ${days} days into ${database.describe} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
