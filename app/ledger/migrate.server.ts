/**
 * Runs the ledger's migrations (migrations/, one frozen file each) at start with Kysely's
 * Migrator: it records what ran in its own table and takes a lock, so several instances
 * starting at once are safe. One list for both dialects; where they differ (the id
 * column), the migration is told which it runs on.
 */
import type { Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";

import { migration as clicks } from "./migrations/001-clicks";
import { migration as dailyRollups } from "./migrations/002-daily-rollups";
import { migration as conversions } from "./migrations/003-conversions";
import { migration as filteredRollups } from "./migrations/004-filtered-rollups";
import { migration as pageViews } from "./migrations/005-page-views";
import { migration as experimentVariants } from "./migrations/006-experiment-variants";
import { migration as sharedFacts } from "./migrations/007-shared-facts";
import { migration as viewCombinations } from "./migrations/008-view-combinations";
import { migration as clickCombinations } from "./migrations/009-click-combinations";
import { migration as conversionFilters } from "./migrations/010-conversion-filters";
import { migration as saltsOutOfTheLedger } from "./migrations/012-salts-out-of-the-ledger";
import { migration as visitorPrints } from "./migrations/013-visitor-prints";
import { migration as contentStudio } from "./migrations/014-content-studio";
import { migration as people } from "./migrations/015-people";
import { migration as scheduledPublishing } from "./migrations/016-scheduled-publishing";
import { migration as mediaLibrary } from "./migrations/017-media-library";
import { migration as movedPathsAndNotFound } from "./migrations/018-moved-paths-and-not-found";
import { migration as offersInTheLedger } from "./migrations/019-offers-in-the-ledger";
import { migration as linkHealth } from "./migrations/020-link-health";
import { migration as savedViews } from "./migrations/021-saved-views";
import { migration as alerts } from "./migrations/022-alerts";
import { migration as conversionsCountedApart } from "./migrations/023-conversions-counted-apart";
import { migration as factIndexes } from "./migrations/024-fact-indexes-by-what-reads-them";
import type { Database, Dialect } from "./schema";

/** Every migration by name; names sort in the order they run. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "001-clicks": clicks(dialect),
    "002-daily-rollups": dailyRollups(),
    "003-conversions": conversions(dialect),
    "004-filtered-rollups": filteredRollups(),
    "005-page-views": pageViews(dialect),
    "006-experiment-variants": experimentVariants(),
    "007-shared-facts": sharedFacts(),
    "008-view-combinations": viewCombinations(),
    "009-click-combinations": clickCombinations(),
    "010-conversion-filters": conversionFilters(),
    "012-salts-out-of-the-ledger": saltsOutOfTheLedger(dialect),
    "013-visitor-prints": visitorPrints(),
    "014-content-studio": contentStudio(dialect),
    "015-people": people(dialect),
    "016-scheduled-publishing": scheduledPublishing(),
    "017-media-library": mediaLibrary(dialect),
    "018-moved-paths-and-not-found": movedPathsAndNotFound(),
    "019-offers-in-the-ledger": offersInTheLedger(dialect),
    "020-link-health": linkHealth(dialect),
    "021-saved-views": savedViews(dialect),
    "022-alerts": alerts(dialect),
    "023-conversions-counted-apart": conversionsCountedApart(),
    "024-fact-indexes-by-what-reads-them": factIndexes(),
  };
}

/** The ledger's migrator (its tables' names), for migrateToLatest and the migrations' tests. */
export function ledgerMigrator(db: Kysely<Database>, dialect: Dialect): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    migrationTableName: "clicks_migrations",
    migrationLockTableName: "clicks_migrations_lock",
  });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = ledgerMigrator(db, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`click ledger migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
