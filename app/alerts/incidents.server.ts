/**
 * The alerts' incidents (migration 022): one row per incident, opened when a condition
 * starts (./conditions.server.ts) and resolved when it ends, so an alert is sent once when
 * it opens and once when it is resolved, never once per check. Several instances may
 * evaluate at once: a second opening of the same kind and subject is a no-op (the open
 * incidents' unique index), and each sending is claimed by one conditional update.
 */
import type { Kysely } from "kysely";

import type { AlertIncidentsTable, Database } from "~/ledger/schema";

export type AlertKind = AlertIncidentsTable["kind"];
export type Incident = Omit<AlertIncidentsTable, "id"> & { id: number };

/** Which of an incident's two messages: its opening or its resolution. */
export type AlertEvent = "abierta" | "resuelta";

/** A condition that holds now: what an open incident is about. */
export type Condition = { kind: AlertKind; subject: string; details: string };

const SENT = { abierta: "sent_open", resuelta: "sent_resolved" } as const;

const incidentOf = (row: Incident): Incident => ({
  ...row,
  id: Number(row.id),
  opened_at: Number(row.opened_at),
  resolved_at: row.resolved_at === null ? null : Number(row.resolved_at),
  sent_open: Number(row.sent_open),
  sent_resolved: Number(row.sent_resolved),
});

export class AlertStore {
  constructor(readonly db: Kysely<Database>) {}

  async openIncidents(): Promise<Incident[]> {
    const rows = await this.db
      .selectFrom("alert_incidents")
      .selectAll()
      .where("resolved_at", "is", null)
      .orderBy("opened_at", "desc")
      .execute();
    return rows.map(incidentOf);
  }

  /**
   * Opens an incident for each condition that has none open, and resolves each open one
   * whose condition no longer holds, among `kinds` (the kinds this evaluation judged).
   */
  async reconcile(conditions: readonly Condition[], kinds: readonly AlertKind[], now: number) {
    const open = await this.openIncidents();
    const key = (item: { kind: string; subject: string }) => `${item.kind}\u0000${item.subject}`;
    const holding = new Set(conditions.map(key));
    const opened = new Set(open.map(key));
    for (const condition of conditions) {
      if (opened.has(key(condition))) continue;
      // Another instance may open it first: the unique index of open incidents says no.
      await this.db
        .insertInto("alert_incidents")
        .values({ ...condition, opened_at: now, resolved_at: null, sent_open: 0, sent_resolved: 0 })
        .onConflict((conflict) =>
          conflict.columns(["kind", "subject"]).where("resolved_at", "is", null).doNothing(),
        )
        .execute();
    }
    for (const incident of open) {
      if (!kinds.includes(incident.kind) || holding.has(key(incident))) continue;
      await this.db
        .updateTable("alert_incidents")
        .set({ resolved_at: now })
        .where("id", "=", incident.id)
        .where("resolved_at", "is", null)
        .execute();
    }
  }

  /** The messages still to send: openings and resolutions, oldest first. */
  async unsent(): Promise<{ incident: Incident; event: AlertEvent }[]> {
    const rows = await this.db
      .selectFrom("alert_incidents")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("sent_open", "=", 0),
          eb.and([eb("resolved_at", "is not", null), eb("sent_resolved", "=", 0)]),
        ]),
      )
      .orderBy("id")
      .execute();
    return rows
      .map(incidentOf)
      .flatMap((incident) => [
        ...(incident.sent_open === 0 ? [{ incident, event: "abierta" as const }] : []),
        ...(incident.resolved_at !== null && incident.sent_resolved === 0
          ? [{ incident, event: "resuelta" as const }]
          : []),
      ]);
  }

  /** Claims the sending of one message: true for exactly one caller. */
  async claim(id: number, event: AlertEvent): Promise<boolean> {
    const result = await this.db
      .updateTable("alert_incidents")
      .set({ [SENT[event]]: 1 })
      .where("id", "=", id)
      .where(SENT[event], "=", 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a claimed message back, when it could not be sent: the next evaluation retries. */
  async release(id: number, event: AlertEvent): Promise<void> {
    await this.db
      .updateTable("alert_incidents")
      .set({ [SENT[event]]: 0 })
      .where("id", "=", id)
      .execute();
  }
}

/** What the dashboard's frame shows of an open alert. */
export type ShownAlert = Pick<Incident, "id" | "kind" | "details" | "opened_at">;

/** The open alerts, newest first, at most 20 (the frame lists them). */
export async function openAlerts(db: Kysely<Database>): Promise<ShownAlert[]> {
  const rows = await db
    .selectFrom("alert_incidents")
    .select(["id", "kind", "details", "opened_at"])
    .where("resolved_at", "is", null)
    .orderBy("opened_at", "desc")
    .limit(20)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), opened_at: Number(row.opened_at) }));
}
