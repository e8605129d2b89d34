/**
 * readPostback against the list of bad input, and with a program's own names from
 * content; a property pins that an amount is read exactly or refused, never rounded.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  parseAmount,
  parseCurrency,
  readPostback,
  type PostbackMapping,
  type PostbackReading,
} from "./postback-input";

const DEFAULT: PostbackMapping = {
  params: {
    click_id: "click_id",
    event: "event",
    amount: "amount",
    currency: "currency",
    txid: "txid",
  },
  events: {},
};

/** A program that calls the click id `payload` and has its own event words. */
const PROGRAM: PostbackMapping = {
  params: { ...DEFAULT.params, click_id: "payload", amount: "sum" },
  events: { first_deposit: "ftd", cpa: "commission", signup: "registration" },
};

const CLICK = "zV_ESAVau4vRAclQ";

/** The parameters of a query string, as the receiver hands them over. */
const read = (query: string, mapping = DEFAULT): PostbackReading =>
  readPostback(new URLSearchParams(query), mapping);

const refusal = (query: string, mapping = DEFAULT) => {
  const reading = read(query, mapping);
  return reading.ok ? null : { reason: reading.reason, parameter: reading.parameter };
};

describe("readPostback", () => {
  it("reads each event of a generic program", () => {
    expect(read(`click_id=${CLICK}&event=registration`)).toEqual({
      ok: true,
      test: false,
      conversion: {
        clickId: CLICK,
        event: "registration",
        amountCents: 0,
        currency: "EUR",
        txid: null,
      },
    });
    expect(read(`click_id=${CLICK}&event=ftd&amount=20&currency=usd&txid=T-1`)).toMatchObject({
      conversion: { event: "ftd", amountCents: 2000, currency: "USD", txid: "T-1" },
    });
    expect(read(`click_id=${CLICK}&event=deposit&amount=12.5&txid=d:9`)).toMatchObject({
      conversion: { event: "deposit", amountCents: 1250, txid: "d:9" },
    });
    expect(read(`click_id=${CLICK}&event=commission&amount=-3.75`)).toMatchObject({
      conversion: { event: "commission", amountCents: -375 },
    });
  });

  it("ignores a program's own extra parameters and reads test=1", () => {
    expect(read(`click_id=${CLICK}&event=registration&partner=7&test=1`)).toMatchObject({
      ok: true,
      test: true,
    });
  });

  it("reads test=true, yes or 1 as a test, 0, false, no or empty as real, and refuses any other value", () => {
    const withTest = (value: string) =>
      read(`click_id=${CLICK}&event=deposit&amount=5&test=${value}`);
    for (const value of ["1", "true", "TRUE", "yes", "Yes"]) {
      expect(withTest(value), value).toMatchObject({ ok: true, test: true });
    }
    for (const value of ["0", "false", "No", ""]) {
      expect(withTest(value), value).toMatchObject({ ok: true, test: false });
    }
    for (const value of ["2", "on", "{is_test}", "constructor", "__proto__"]) {
      expect(refusal(`click_id=${CLICK}&event=deposit&amount=5&test=${value}`), value).toEqual({
        reason: "bad_test",
        parameter: "test",
      });
    }
  });

  it("reads a program that says payload, first_deposit and cpa (content's mapping)", () => {
    expect(read(`payload=${CLICK}&event=first_deposit&sum=50.00`, PROGRAM)).toMatchObject({
      conversion: { clickId: CLICK, event: "ftd", amountCents: 5000 },
    });
    expect(read(`payload=${CLICK}&event=CPA&sum=100`, PROGRAM)).toMatchObject({
      conversion: { event: "commission", amountCents: 10000 },
    });
    // The standard words are always understood; the default names are not the program's.
    expect(read(`payload=${CLICK}&event=registration`, PROGRAM)).toMatchObject({ ok: true });
    expect(refusal(`click_id=${CLICK}&event=signup`, PROGRAM)).toEqual({
      reason: "missing_click_id",
      parameter: "payload",
    });
  });

  it.each([
    ["-0", "bad_amount"],
    ["-0.00", "bad_amount"],
    ["1e309", "bad_amount"],
    ["1e3", "bad_amount"],
    ["NaN", "bad_amount"],
    ["Infinity", "bad_amount"],
    ["12,50", "bad_amount"],
    ["1.234", "bad_amount"],
    ["0x10", "bad_amount"],
    ["+5", "bad_amount"],
    [".5", "bad_amount"],
    ["012", "bad_amount"],
    ["123456789012345678901234567890", "bad_amount"],
    ["1234567890123", "bad_amount"],
    ["", "missing_amount"],
  ])("refuses the amount %j (%s)", (amount, reason) => {
    expect(
      refusal(`click_id=${CLICK}&event=commission&amount=${encodeURIComponent(amount)}`),
    ).toEqual({
      reason,
      parameter: "amount",
    });
  });

  it("takes the largest amount it allows exactly", () => {
    expect(read(`click_id=${CLICK}&event=commission&amount=999999999999.99`)).toMatchObject({
      conversion: { amountCents: 99_999_999_999_999 },
    });
  });

  it("refuses a first deposit or a deposit of zero or less", () => {
    expect(refusal(`click_id=${CLICK}&event=ftd&amount=0`)).toMatchObject({
      reason: "not_positive",
    });
    expect(refusal(`click_id=${CLICK}&event=deposit&amount=-5`)).toMatchObject({
      reason: "not_positive",
    });
  });

  it.each(["purchase", "ftd2", "<b>ftd</b>", "registration;drop"])(
    "refuses the unknown event %j",
    (event) => {
      expect(refusal(`click_id=${CLICK}&event=${encodeURIComponent(event)}`)).toEqual({
        reason: "unknown_event",
        parameter: "event",
      });
    },
  );

  it.each(["XYZ", "EURO", "€", "E1R", "eu"])("refuses the unknown currency %j", (currency) => {
    const query = `click_id=${CLICK}&event=deposit&amount=5&currency=${encodeURIComponent(currency)}`;
    expect(refusal(query)).toEqual({ reason: "bad_currency", parameter: "currency" });
  });

  it("refuses a repeated parameter, whichever it is", () => {
    expect(refusal(`click_id=${CLICK}&click_id=${CLICK}&event=registration`)).toEqual({
      reason: "repeated_param",
      parameter: "click_id",
    });
    expect(refusal(`click_id=${CLICK}&event=deposit&amount=5&amount=500`)).toEqual({
      reason: "repeated_param",
      parameter: "amount",
    });
  });

  it.each([
    "<script>alert(1)</script>",
    "'; DROP TABLE conversions; --",
    "1 OR 1=1",
    "a".repeat(101),
  ])("refuses the txid %j", (txid) => {
    const query = `click_id=${CLICK}&event=deposit&amount=5&txid=${encodeURIComponent(txid)}`;
    expect(refusal(query)).toEqual({ reason: "bad_txid", parameter: "txid" });
  });

  it("refuses HTML or SQL as a click id", () => {
    for (const clickId of ["<img src=x>", "x' OR '1'='1", "a".repeat(65)]) {
      expect(refusal(`click_id=${encodeURIComponent(clickId)}&event=registration`)).toEqual({
        reason: "bad_click_id",
        parameter: "click_id",
      });
    }
  });

  it("refuses percent-encoded bytes that are not UTF-8 (they decode to U+FFFD)", () => {
    expect(refusal(`click_id=${CLICK}&event=deposit&amount=5&txid=a%FFb`)).toEqual({
      reason: "bad_encoding",
      parameter: "txid",
    });
    expect(refusal(`click_id=%C3%28&event=registration`)).toEqual({
      reason: "bad_encoding",
      parameter: "click_id",
    });
  });

  it("knows an unreplaced macro, as written or by its bare name, whichever parameter", () => {
    for (const [query, parameter] of [
      // The dashboard's URL pasted as is, with the program's macros left in it.
      ["click_id={click_id}&event=ftd&amount={amount}&currency=EUR&txid={txid}", "click_id"],
      // What curl sends for the same URL (it reads {…} as a list): the macros' names.
      ["click_id=click_id&event=ftd&amount=amount&currency=EUR&txid=txid", "click_id"],
      ["click_id=clickid&event=registration", "click_id"],
      [`click_id=${CLICK}&event=ftd&amount=amount&txid=T-1`, "amount"],
      [`click_id=${CLICK}&event=ftd&amount={amount}`, "amount"],
      [`click_id=${CLICK}&event=ftd&amount=5&currency={currency}`, "currency"],
      [`click_id=${CLICK}&event=ftd&amount=5&currency=currency`, "currency"],
      [`click_id=${CLICK}&event=deposit&amount=5&txid=txid`, "txid"],
      [`click_id=${CLICK}&event=deposit&amount=5&txid=transaction_id`, "txid"],
      [`click_id=${CLICK}&event=deposit&amount=5&txid=[transaction_id]`, "txid"],
      [`click_id=${CLICK}&event={event}&amount=5`, "event"],
      [`click_id=${encodeURIComponent("{{clickid}}")}&event=registration`, "click_id"],
      [`click_id=%257Bclick_id%257D&event=registration`, "click_id"],
    ]) {
      expect(refusal(query!), query).toEqual({ reason: "unreplaced_macro", parameter });
    }
    // A program's own names and macros (content) are known too.
    expect(refusal("payload=payload&event=signup", PROGRAM)).toEqual({
      reason: "unreplaced_macro",
      parameter: "payload",
    });
    const named = { ...PROGRAM, macros: { txid: "{order_ref}" } };
    expect(refusal(`payload=${CLICK}&event=cpa&sum=5&txid=order_ref`, named)).toEqual({
      reason: "unreplaced_macro",
      parameter: "txid",
    });
    // An event's word is no macro, even one that names a parameter elsewhere.
    expect(read(`click_id=${CLICK}&event=commission&amount=5`).ok).toBe(true);
  });

  it("names what is missing", () => {
    expect(refusal("event=registration")).toMatchObject({ reason: "missing_click_id" });
    expect(refusal(`click_id=${CLICK}`)).toMatchObject({ reason: "missing_event" });
    expect(refusal(`click_id=${CLICK}&event=ftd`)).toMatchObject({ reason: "missing_amount" });
  });
});

describe("parseCurrency", () => {
  it("upper-cases an ISO 4217 code and refuses others", () => {
    expect(parseCurrency("eur")).toBe("EUR");
    expect(parseCurrency("GBP")).toBe("GBP");
    expect(parseCurrency("ABC")).toBeNull();
  });
});

describe("parseAmount", () => {
  /** The exact cents of a well-formed decimal, in integers that cannot round. */
  const exactCents = (text: string): bigint => {
    const [units, fraction = ""] = text.replace("-", "").split(".");
    const cents = BigInt(units!) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
    return text.startsWith("-") ? -cents : cents;
  };

  /** Texts near and far from an amount: signs, digits, points, commas, exponents, words. */
  const amountText = fc.oneof(
    fc.string(),
    fc
      .tuple(
        fc.constantFrom("", "-", "+"),
        fc.stringMatching(/^\d{0,30}$/),
        fc.constantFrom("", ".", ","),
        fc.stringMatching(/^\d{0,4}$/),
        fc.constantFrom("", "e3", "e309", "E-2"),
      )
      .map((parts) => parts.join("")),
  );

  it("reads any text as its exact cents or refuses it, never a rounded number", () => {
    fc.assert(
      fc.property(amountText, (text) => {
        const cents = parseAmount(text);
        if (cents === null) return;
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(BigInt(cents)).toBe(exactCents(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it("accepts every decimal of up to 12 digits and 2 decimals", () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.nat({ max: 99 }))
      .filter(([negative, units, cents]) => !negative || units + BigInt(cents) > 0n)
      .map(
        ([negative, units, cents]) =>
          `${negative ? "-" : ""}${units}.${String(cents).padStart(2, "0")}`,
      );
    fc.assert(
      fc.property(decimal, (text) => {
        expect(parseAmount(text)).toBe(Number(exactCents(text)));
      }),
      { numRuns: 2_000 },
    );
  });
});
