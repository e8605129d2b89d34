/**
 * One evaluation of the alerts, after each run of the destination monitor (scheduled or
 * "Comprobar ahora"): the conditions that hold now open incidents, the ones that ended
 * resolve theirs (./incidents.server.ts), and every opening or resolution not yet sent is
 * sent once (./notify.server.ts); one that could not be sent is tried again at the next
 * evaluation. With no channel configured, the dashboard alone shows them.
 */
import type { Kysely } from "kysely";

import type { Site } from "~/content/schema";
import type { Database } from "~/ledger/schema";
import type { Destination } from "~/link-health/destinations";
import type { StoredCheck } from "~/link-health/history.server";

import { brokenDestinations, postbackConditions } from "./conditions.server";
import { AlertStore, type AlertKind } from "./incidents.server";
import { sendAlert, type AlertChannels } from "./notify.server";

const ALL_KINDS: AlertKind[] = ["destino-roto", "postbacks-silenciosos", "huerfanos"];

export async function evaluateAlerts({
  db,
  destinations,
  latest,
  checks,
  channels,
  now = Date.now(),
}: {
  db: Kysely<Database>;
  destinations: readonly Destination[];
  latest: ReadonlyMap<string, StoredCheck>;
  checks: Site["affiliate"]["checks"];
  channels: AlertChannels;
  now?: number;
}): Promise<void> {
  const store = new AlertStore(db);
  const conditions = [
    ...brokenDestinations(destinations, latest),
    ...(await postbackConditions(db, checks, now)),
  ];
  await store.reconcile(conditions, ALL_KINDS, now);
  const anywhere = channels.webhook !== null || channels.email !== null;
  for (const { incident, event } of await store.unsent()) {
    if (!(await store.claim(incident.id, event))) continue;
    if (anywhere && !(await sendAlert(channels, incident, event))) {
      await store.release(incident.id, event);
    }
  }
}
