/**
 * What a postback says, read strictly: the parameters of an affiliate program's call
 * (query string, form or JSON, already reduced to name/value pairs by the receiver),
 * named and worded as content says (site.affiliate.postback), become one conversion or
 * one rejection with a reason. Amounts are exact decimals turned into integer cents; no
 * floating point ever touches money. Pure: no I/O, so the receiver, the CSV import and the
 * tests share it.
 */
import { RECEIVED_CLICK_ID_PATTERN } from "~/clicks/click-id";
import type { ConversionEvent } from "~/ledger/schema";

export const EVENTS: readonly ConversionEvent[] = ["registration", "ftd", "deposit", "commission"];

/** Events that happen once per click: a second one is a duplicate, with or without txid. */
export const ONCE_PER_CLICK: ReadonlySet<ConversionEvent> = new Set(["registration", "ftd"]);

/** How content names the parameters and the events (site.affiliate.postback). */
export type PostbackMapping = {
  params: { click_id: string; event: string; amount: string; currency: string; txid: string };
  events: Record<string, ConversionEvent>;
  /** The program's macros content names (`{payload}`), known as unreplaced when they arrive. */
  macros?: Partial<Record<"click_id" | "amount" | "currency" | "txid", string>>;
};

export type ConversionInput = {
  clickId: string;
  event: ConversionEvent;
  /** Integer cents; 0 for a registration. */
  amountCents: number;
  currency: string;
  txid: string | null;
};

/** Why a postback or an imported row was refused (stored in the postback log). */
export const REJECTIONS = {
  bad_encoding: {
    en: "parameters are not valid UTF-8",
    es: "parámetros que no son UTF-8 válido",
  },
  repeated_param: { en: "a parameter is repeated", es: "un parámetro aparece repetido" },
  unreplaced_macro: {
    en: "the program sent a macro's name (such as {click_id}) instead of its value: check the macros of the postback URL in the program",
    es: "macro sin sustituir: el programa ha enviado el nombre de una macro (como {click_id}) en lugar de su valor; revisa las macros de la URL en el programa",
  },
  missing_click_id: { en: "click id missing", es: "falta el id de clic" },
  bad_click_id: {
    en: "click id must be 1 to 64 characters of A-Z a-z 0-9 _ -",
    es: "id de clic no válido (de 1 a 64 caracteres de A-Z a-z 0-9 _ -)",
  },
  missing_event: { en: "event missing", es: "falta el evento" },
  unknown_event: { en: "unknown event", es: "evento desconocido" },
  missing_amount: {
    en: "amount missing (required for ftd, deposit and commission)",
    es: "falta el importe (obligatorio en ftd, deposit y commission)",
  },
  bad_amount: {
    en: "amount must be a decimal number with a point and at most 2 decimals and 12 digits, e.g. 12.50",
    es: "importe no válido (número con punto decimal, como mucho 2 decimales y 12 cifras, p. ej. 12.50)",
  },
  not_positive: {
    en: "amount must be greater than 0 for ftd and deposit",
    es: "el importe de ftd y deposit debe ser mayor que 0",
  },
  bad_currency: {
    en: "currency must be an ISO 4217 code such as EUR",
    es: "moneda no válida (código ISO 4217, p. ej. EUR)",
  },
  bad_txid: {
    en: "txid must be 1 to 100 characters of A-Z a-z 0-9 . _ : -",
    es: "txid no válido (de 1 a 100 caracteres de A-Z a-z 0-9 . _ : -)",
  },
  bad_body: {
    en: "body must be a form or a JSON object of strings and numbers",
    es: "cuerpo no válido (formulario u objeto JSON de textos y números)",
  },
  bad_test: {
    en: "test must be 1, true or yes for a test postback (nothing stored), or 0, false or no",
    es: "valor de test no válido (1, true o yes: postback de prueba, no se guarda; 0, false o no: real)",
  },
  too_large: { en: "request too large", es: "petición demasiado grande" },
  bad_date: {
    en: "date must be YYYY-MM-DD",
    es: "fecha no válida (AAAA-MM-DD)",
  },
} as const;

export type RejectionReason = keyof typeof REJECTIONS;

export type PostbackReading =
  | { ok: true; conversion: ConversionInput; test: boolean }
  | { ok: false; reason: RejectionReason; parameter?: string };

/**
 * The values of `test` (any case): a test postback is logged, never stored as a conversion.
 * Any other value is refused: a postback meant as a test must never be counted as money.
 */
const TEST_WORDS = new Map([
  ["1", true],
  ["true", true],
  ["yes", true],
  ["0", false],
  ["false", false],
  ["no", false],
  // An empty value: a program's macro with nothing to put in (a real postback).
  ["", false],
]);

const AMOUNT = /^-?(0|[1-9]\d{0,11})(\.\d{1,2})?$/;
const TXID = /^[A-Za-z0-9._:-]{1,100}$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const currencies = new Set(Intl.supportedValuesOf("currency"));

/** Integer cents of an exact decimal ("12.5" → 1250, "-3" → -300), or null. */
export function parseAmount(text: string): number | null {
  if (!AMOUNT.test(text)) return null;
  const negative = text.startsWith("-");
  const [units, fraction = ""] = text.replace("-", "").split(".");
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, "0"));
  // "-0", "-0.00": a sign with nothing to sign is a malformed amount, not zero.
  if (negative && cents === 0) return null;
  return negative ? -cents : cents;
}

/** An ISO 4217 code, upper-cased, or null. */
export function parseCurrency(text: string): string | null {
  if (!CURRENCY.test(text)) return null;
  const code = text.toUpperCase();
  return currencies.has(code) ? code : null;
}

/** The event a program's word names ("ftd", or content's "first_deposit"), or null. */
export function eventOf(word: string, mapping: PostbackMapping): ConversionEvent | null {
  const mapped = mapping.events[word] ?? mapping.events[word.toLowerCase()];
  if (mapped) return mapped;
  const lower = word.toLowerCase() as ConversionEvent;
  return EVENTS.includes(lower) ? lower : null;
}

/** A macro as programs write them: `{click_id}`, `{{amount}}`, `[txid]`, `%7Bclick_id%7D`. */
const MACRO = /^(\{+[^{}]*\}+|\[[^[\]]*\]|%7B.*%7D)$/i;
/** Macro names programs use beside the parameters' own (click_id, amount…). */
const COMMON_MACRO_NAMES = ["clickid", "subid", "sub_id", "transaction_id", "transactionid"];

/**
 * The value of a parameter that is a macro the program did not replace: a macro as written
 * (`{click_id}`), or, for the click id, the amount, the currency and the txid, only its name
 * (`click_id`, `amount`: what `curl` sends for `{click_id}`, and what some programs send
 * for a macro they do not know). An event's word is not checked by name: `commission` is
 * both a word and a macro.
 */
function isUnreplacedMacro(value: string, byName: boolean, mapping: PostbackMapping): boolean {
  if (MACRO.test(value)) return true;
  if (!byName) return false;
  const names = [
    ...Object.values(mapping.params),
    ...Object.values(mapping.macros ?? {}).map((macro) => macro.replace(/^[{[]+|[}\]]+$/g, "")),
    ...COMMON_MACRO_NAMES,
  ];
  return names.some((name) => name.toLowerCase() === value.toLowerCase());
}

/** Parameters (name, value) as they came; `\uFFFD` marks bytes that were not UTF-8. */
export function readPostback(
  pairs: Iterable<[string, string]>,
  mapping: PostbackMapping,
): PostbackReading {
  const names = mapping.params;
  const wanted = new Set<string>([...Object.values(names), "test"]);
  const values = new Map<string, string>();
  for (const [name, value] of pairs) {
    if (!wanted.has(name)) continue; // programs add their own parameters: ignored
    if (values.has(name)) return { ok: false, reason: "repeated_param", parameter: name };
    if (value.includes("\uFFFD")) return { ok: false, reason: "bad_encoding", parameter: name };
    values.set(name, value.trim());
  }
  for (const key of ["click_id", "event", "amount", "currency", "txid"] as const) {
    const value = values.get(names[key]);
    if (value && isUnreplacedMacro(value, key !== "event", mapping)) {
      return { ok: false, reason: "unreplaced_macro", parameter: names[key] };
    }
  }
  const testWord = values.get("test");
  const test = testWord === undefined ? false : TEST_WORDS.get(testWord.toLowerCase());
  if (test === undefined) return { ok: false, reason: "bad_test", parameter: "test" };
  const clickId = values.get(names.click_id);
  if (!clickId) return { ok: false, reason: "missing_click_id", parameter: names.click_id };
  if (!RECEIVED_CLICK_ID_PATTERN.test(clickId)) {
    return { ok: false, reason: "bad_click_id", parameter: names.click_id };
  }
  const word = values.get(names.event);
  if (!word) return { ok: false, reason: "missing_event", parameter: names.event };
  const event = eventOf(word, mapping);
  if (!event) return { ok: false, reason: "unknown_event", parameter: names.event };

  const amountText = values.get(names.amount);
  let amountCents = 0;
  if (amountText) {
    const parsed = parseAmount(amountText);
    if (parsed === null) return { ok: false, reason: "bad_amount", parameter: names.amount };
    amountCents = event === "registration" ? 0 : parsed;
  } else if (event !== "registration") {
    return { ok: false, reason: "missing_amount", parameter: names.amount };
  }
  if ((event === "ftd" || event === "deposit") && amountCents <= 0) {
    return { ok: false, reason: "not_positive", parameter: names.amount };
  }

  const currencyText = values.get(names.currency);
  const currency = currencyText ? parseCurrency(currencyText) : "EUR";
  if (!currency) return { ok: false, reason: "bad_currency", parameter: names.currency };

  const txid = values.get(names.txid) || null;
  if (txid !== null && !TXID.test(txid)) {
    return { ok: false, reason: "bad_txid", parameter: names.txid };
  }
  return {
    ok: true,
    conversion: { clickId, event, amountCents, currency, txid },
    test,
  };
}
