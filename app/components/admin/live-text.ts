/**
 * The Ahora block's words (live-now.tsx): an event as a Spanish sentence, and when it
 * happened as a clock time in the report's time zone and as "hace 2 min". Pure functions.
 */
import type { LiveAnswer } from "~/reports/live.server";

import { formatMoney } from "./format";

type Event = LiveAnswer["events"][number];

/** A page as the sentence names it: its path; a conversion without a click has none. */
const from = (page: string) => (page === "" ? " (sin clic)" : ` desde ${page}`);

/** An amount, when there is one: " de 25,00 €". */
const amountOf = (cents: number, currency: string) =>
  cents === 0 ? "" : ` de ${formatMoney(cents, currency)}`;

/** "Clic en Bonos · Reclamar el bono desde /bonos", "Comisión de 25,00 € desde /"… */
export function eventText(event: Event): string {
  switch (event.kind) {
    case "click":
      return `Clic en ${event.label ?? event.link}${from(event.page)}`;
    case "registration":
      return `Registro${from(event.page)}`;
    case "ftd":
      return `FTD${amountOf(event.amountCents, event.currency)}${from(event.page)}`;
    case "deposit":
      return `Depósito${amountOf(event.amountCents, event.currency)}${from(event.page)}`;
    case "commission":
      return `Comisión${amountOf(event.amountCents, event.currency)}${from(event.page)}`;
  }
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "12:04:31" in `timeZone`. */
export function clockTime(at: number, timeZone: string): string {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("es-ES", {
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      timeZone,
    });
    clocks.set(timeZone, format);
  }
  return format.format(new Date(at));
}

/** "ahora mismo", "hace 40 s", "hace 3 min", as of `now` (the server's clock, not the browser's). */
export function timeAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 5) return "ahora mismo";
  if (seconds < 60) return `hace ${seconds} s`;
  return `hace ${Math.floor(seconds / 60)} min`;
}
