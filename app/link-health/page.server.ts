/**
 * What the Enlaces page shows (app/routes/admin.enlaces.tsx): every affiliate destination
 * of the content served now, with its last check (./history.server.ts), whether a person
 * accepted its warning, and what is at risk: the clicks and euro commission of the last 30
 * days of the links and header buttons that use it, or of its offers where no link names it
 * (an offer's fallback destination), from the ledger's daily counts; and the clicks its
 * links' fallbacks received meanwhile. A link of an offer counts under the offer's
 * destination even for the clicks an ended offer sent to its fallback destination.
 */
import type { Kysely } from "kysely";

import { DAY_MS } from "~/ledger/retention.server";
import type { Database } from "~/ledger/schema";
import type { ReportQueries } from "~/reports/clicks.server";
import { addDays } from "~/reports/query";
import { todayIn } from "~/reports/reporting-day";

import type { Health } from "./check.server";
import type { Destination, DestinationUse } from "./destinations";
import { chainOf, type Acceptance, type StoredCheck } from "./history.server";

/** The days the page counts what a destination's links brought in. */
export const AT_RISK_DAYS = 30;

/** A destination's state on the page: a check's verdict, an accepted warning, or none yet. */
export type ShownHealth = Health | "aceptado" | "sin-comprobar";

export type DestinationRow = {
  url: string;
  uses: DestinationUse[];
  health: ShownHealth;
  check: StoredCheck | null;
  /** The accepted warning, while it still holds (the same chain). */
  accepted: Acceptance | null;
  /** People's clicks in the last 30 days on what uses it; null for a split's variant. */
  clicks: number | null;
  /** Euro cents of commission those clicks brought; null as for `clicks`. */
  commission: number | null;
  /** Clicks the links' fallbacks received in the last 30 days. */
  fallbackClicks: number;
};

/** Broken first, then warnings, then the unchecked, then the healthy; most clicks first. */
const ORDER: Record<ShownHealth, number> = {
  roto: 0,
  aviso: 1,
  "sin-comprobar": 2,
  aceptado: 3,
  sano: 4,
};

/** The link ids a use counts the clicks of (a split's variant has none of its own). */
const linkIdOf = (use: DestinationUse) =>
  use.kind === "cabecera" || use.kind === "enlace" ? use.id : null;

export async function destinationRows({
  destinations,
  latest,
  acceptances,
  reports,
  db,
  timeZone,
  now = Date.now(),
}: {
  destinations: readonly Destination[];
  latest: ReadonlyMap<string, StoredCheck>;
  acceptances: ReadonlyMap<string, Acceptance>;
  reports: ReportQueries | null;
  db: Kysely<Database>;
  timeZone: string;
  now?: number;
}): Promise<DestinationRow[]> {
  const today = todayIn(timeZone, new Date(now));
  const range = { from: addDays(today, -(AT_RISK_DAYS - 1)), to: today };
  const [clicks, conversions, fallbacks] = await Promise.all([
    reports?.rankings(range, {}, { subids: false }),
    reports?.conversions.rankings(range, {}, { subids: false }),
    db
      .selectFrom("clicks")
      .select(["link_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("fallback", "=", 1)
      .where("at", ">=", now - AT_RISK_DAYS * DAY_MS)
      .groupBy("link_id")
      .execute(),
  ]);
  const clicksOf = (dimension: "link" | "offer", value: string) =>
    clicks?.[dimension].find((row) => row.value === value)?.clicks ?? 0;
  const commissionOf = (dimension: "link" | "offer", value: string) =>
    conversions?.values[dimension].get(value)?.commission.EUR ?? 0;
  const fallbackOf = new Map(fallbacks.map((row) => [row.link_id, Number(row.n)]));

  return destinations
    .map(({ url, uses }): DestinationRow => {
      const check = latest.get(url) ?? null;
      const acceptance = acceptances.get(url);
      const accepted =
        check?.health === "aviso" && acceptance?.chain === chainOf(check) ? acceptance : null;
      // A fallback's own destination is not what the visitors of its link were sent to.
      const counted = uses.filter((use) => !use.fallback);
      const priced = counted.every((use) => use.kind !== "variante");
      // A link of an offer is counted once: by its link where a link uses the destination,
      // by the offer where only offers do (an offer's fallback destination).
      const byLink = counted.some((use) => linkIdOf(use) !== null);
      const sum = (of: (dimension: "link" | "offer", value: string) => number) =>
        counted.reduce((total, use) => {
          if (!byLink) return total + of("offer", use.id);
          const link = linkIdOf(use);
          return link === null ? total : total + of("link", link);
        }, 0);
      return {
        url,
        uses,
        health: accepted ? "aceptado" : (check?.health ?? "sin-comprobar"),
        check,
        accepted,
        clicks: priced && reports ? sum(clicksOf) : null,
        commission: priced && reports ? sum(commissionOf) : null,
        fallbackClicks: uses.reduce((total, use) => {
          const link = linkIdOf(use);
          return link === null || use.fallback ? total : total + (fallbackOf.get(link) ?? 0);
        }, 0),
      };
    })
    .sort((a, b) => ORDER[a.health] - ORDER[b.health] || (b.clicks ?? 0) - (a.clicks ?? 0));
}
