/**
 * What the dashboard's postback page (app/routes/admin.postbacks.tsx) needs beyond the
 * ledger: the URL a marketer pastes into the affiliate program, one per event, named and
 * worded as content says (site.affiliate.postback), with the program's macros left as they
 * are; the test postback, sent over HTTP to the site's own receiver so the whole path
 * (guard, receiver, ledger, log) is checked; and the log's rows in Spanish.
 */
import type { ConversionEvent } from "~/ledger/schema";

import { amountText } from "./amount-text";
import type { PostbackLogEntry } from "./ledger.server";
import { EVENTS, eventOf, REJECTIONS, type PostbackMapping } from "./postback-input";

/** What the dashboard says of the receiver's answer to a test postback. */
export function testAnswerText(answer: TestAnswer): string {
  if (!answer.ok) return `No se ha podido contactar con el receptor: ${answer.error}`;
  const said = answer.body ? `: «${answer.body}»` : "";
  const hint =
    answer.status === 404
      ? ". El receptor no existe en este servidor: revisa POSTBACK_TOKEN y que el servidor esté actualizado."
      : "";
  return `El receptor ha respondido ${answer.status}${said}${hint}`;
}

/** The postback mapping with the program's macros (content: site.affiliate.postback). */
export type PostbackSetup = PostbackMapping & {
  macros: { click_id: string; amount: string; currency: string; txid: string };
};

export const RECEIVER_PATH = "/postback/";

export const EVENT_NAMES: Readonly<Record<ConversionEvent, string>> = {
  registration: "Registro",
  ftd: "Primer depósito (FTD)",
  deposit: "Depósito",
  commission: "Comisión (CPA o revenue share)",
};

/**
 * The word the URL sends for an event: its own name when the receiver reads it as that
 * event, else the program's word content maps to it.
 */
export function wordFor(event: ConversionEvent, mapping: PostbackMapping): string {
  if (eventOf(event, mapping) === event) return event;
  return Object.keys(mapping.events).find((word) => mapping.events[word] === event) ?? event;
}

/** One postback URL per event, e.g. `…/postback/<token>?click_id={click_id}&event=ftd&…`. */
export function postbackUrls(
  origin: string,
  token: string,
  setup: PostbackSetup,
): { event: ConversionEvent; url: string }[] {
  const { params, macros } = setup;
  return EVENTS.map((event) => {
    // Built by hand: the macros must reach the program as written, not percent-encoded.
    const query = [
      `${params.click_id}=${macros.click_id}`,
      `${params.event}=${encodeURIComponent(wordFor(event, setup))}`,
      ...(event === "registration"
        ? []
        : [`${params.amount}=${macros.amount}`, `${params.currency}=${macros.currency}`]),
      `${params.txid}=${macros.txid}`,
    ].join("&");
    return { event, url: `${origin}${RECEIVER_PATH}${token}?${query}` };
  });
}

/** The receiver on this very server, over loopback (HOST, else 127.0.0.1; PORT). */
export function loopbackOrigin(port: number, host: string | undefined): string {
  const name = !host || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}

export type TestAnswer = { ok: true; status: number; body: string } | { ok: false; error: string };

/**
 * Sends a test postback (an FTD of 10.00 EUR with `test=1`: the receiver answers and logs
 * it, and writes no conversion) and returns what the receiver answered.
 */
export async function sendTestPostback(
  origin: string,
  token: string,
  mapping: PostbackMapping,
  now = Date.now(),
): Promise<TestAnswer> {
  const { params } = mapping;
  const query = new URLSearchParams([
    [params.click_id, "prueba-panel"],
    [params.event, wordFor("ftd", mapping)],
    [params.amount, "10.00"],
    [params.currency, "EUR"],
    [params.txid, `prueba-${now}`],
    ["test", "1"],
  ]);
  try {
    const response = await fetch(`${origin}${RECEIVER_PATH}${token}?${query}`, {
      signal: AbortSignal.timeout(5_000),
      redirect: "manual",
    });
    // The receiver answers one line of text; anything else (the site's 404 page when the
    // receiver is not there) is not shown.
    const text = (response.headers.get("content-type") ?? "").startsWith("text/plain");
    const body = text ? (await response.text()).trim().slice(0, 300) : "";
    if (!text) await response.body?.cancel();
    return { ok: true, status: response.status, body };
  } catch (error) {
    return { ok: false, error: (error as Error).message.slice(0, 200) };
  }
}

export const OUTCOME_NAMES = {
  accepted: "aceptado",
  duplicate: "duplicado",
  orphan: "huérfano (sin clic)",
  rejected: "rechazado",
  test: "prueba",
} as const;

const ORIGIN_NAMES = { postback: "postback", import: "importación", test: "prueba" } as const;

/** A row of the postback log as the page shows it. */
export type ShownLogEntry = {
  id: number;
  time: string;
  outcome: keyof typeof OUTCOME_NAMES;
  outcomeName: string;
  reason: string;
  origin: string;
  event: string;
  clickId: string;
  amount: string;
  txid: string;
};

/** The log's rows with their time in the report time zone, in Spanish. */
export function shownLog(entries: PostbackLogEntry[], timeZone: string): ShownLogEntry[] {
  const time = new Intl.DateTimeFormat("es-ES", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return entries.map((entry) => ({
    id: entry.id,
    time: time.format(entry.at),
    outcome: entry.outcome,
    outcomeName: OUTCOME_NAMES[entry.outcome] ?? entry.outcome,
    reason:
      entry.reason && entry.reason in REJECTIONS
        ? REJECTIONS[entry.reason as keyof typeof REJECTIONS].es
        : (entry.reason ?? ""),
    origin: ORIGIN_NAMES[entry.origin] ?? entry.origin,
    event: entry.event ?? "",
    clickId: entry.click_id ?? "",
    amount:
      entry.amount_cents === null
        ? ""
        : `${amountText(entry.amount_cents)} ${entry.currency ?? ""}`.trim(),
    txid: entry.txid ?? "",
  }));
}
