/**
 * A PeopleStore of its own for a test: an in-memory ledger database, with the ADMIN_PASSWORD
 * account on (or off). Tests that build a load context by hand give it one.
 */
import { PeopleStore } from "~/admin/people.server";
import { openLedgerDatabase } from "~/ledger/database.server";

export async function memoryPeople({
  envAdmin = true,
  now,
}: { envAdmin?: boolean; now?: () => number } = {}): Promise<PeopleStore> {
  const database = await openLedgerDatabase(":memory:");
  return new PeopleStore(database.db, () => envAdmin, now);
}
