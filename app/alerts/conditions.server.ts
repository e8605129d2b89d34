/**
 * What the alerts watch, judged at each run of the destination monitor:
 * - **destino-roto**: a destination of the content whose last check is roto;
 * - **postbacks-silenciosos**: the program sent postbacks in the last 14 days, none for
 *   longer than `postback_silence_hours` (24 by default), and people kept clicking since
 *   its last one: a changed token or a migration on its side;
 * - **huerfanos**: in the last 24 hours, at least 10 postbacks and a share of orphans (a
 *   click id no click has) of `orphan_share_percent` (20 % by default) or more.
 * Each reads an index: conversions by time, clicks by time.
 */
import type { Kysely } from "kysely";

import type { Site } from "~/content/schema";
import type { Database } from "~/ledger/schema";
import type { Destination } from "~/link-health/destinations";
import type { StoredCheck } from "~/link-health/history.server";

import type { Condition } from "./incidents.server";

const HOUR_MS = 60 * 60 * 1000;
/** How far back a program counts as one that sends postbacks. */
const SENDING_DAYS = 14;
/** Postbacks a day needs before its share of orphans means anything. */
export const ORPHAN_MIN_POSTBACKS = 10;

/** A destination's address as an alert names it: host, path and query. */
const shown = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}${parsed.search}`;
};

export function brokenDestinations(
  destinations: readonly Destination[],
  latest: ReadonlyMap<string, StoredCheck>,
): Condition[] {
  return destinations.flatMap(({ url, uses }) => {
    const check = latest.get(url);
    if (check?.health !== "roto") return [];
    const named = uses.slice(0, 3).map((use) => `${use.kind} ${use.id}`);
    const used =
      uses.length > 3 ? `${named.join(", ")} y ${uses.length - 3} más` : named.join(", ");
    return [
      {
        kind: "destino-roto" as const,
        subject: url,
        details: `${shown(url)} (usado en: ${used}): ${check.reasons.join("; ")}.`,
      },
    ];
  });
}

export async function postbackConditions(
  db: Kysely<Database>,
  checks: Site["affiliate"]["checks"],
  now: number,
): Promise<Condition[]> {
  const conditions: Condition[] = [];
  const last = await db
    .selectFrom("conversions")
    .select((eb) => eb.fn.max("at").as("at"))
    .where("origin", "=", "postback")
    .where("at", ">=", now - SENDING_DAYS * 24 * HOUR_MS)
    .executeTakeFirst();
  const lastAt = last?.at === null || last?.at === undefined ? null : Number(last.at);
  const window = checks.postback_silence_hours * HOUR_MS;
  if (lastAt !== null && now - lastAt > window) {
    const clicked = await db
      .selectFrom("clicks")
      .select("id")
      .where("at", ">", lastAt)
      .where("is_bot", "=", 0)
      .limit(1)
      .executeTakeFirst();
    if (clicked) {
      const hours = Math.floor((now - lastAt) / HOUR_MS);
      conditions.push({
        kind: "postbacks-silenciosos",
        subject: "programa",
        details: `El programa no envía postbacks desde hace ${hours} h (aviso a partir de ${checks.postback_silence_hours} h) y los enlaces siguen recibiendo clics: revisa el token y la URL de postback en el programa.`,
      });
    }
  }
  const day = await db
    .selectFrom("conversions")
    .select((eb) => [eb.fn.countAll<number>().as("all"), eb.fn.sum<number>("orphan").as("orphans")])
    .where("origin", "=", "postback")
    .where("at", ">=", now - 24 * HOUR_MS)
    .executeTakeFirst();
  const all = Number(day?.all ?? 0);
  const orphans = Number(day?.orphans ?? 0);
  if (all >= ORPHAN_MIN_POSTBACKS && orphans * 100 >= all * checks.orphan_share_percent) {
    conditions.push({
      kind: "huerfanos",
      subject: "programa",
      details: `${orphans} de ${all} postbacks de las últimas 24 h son huérfanos (su id de clic no es de ningún clic; aviso a partir del ${checks.orphan_share_percent} %): un salto puede estar perdiendo el id de clic.`,
    });
  }
  return conditions;
}
