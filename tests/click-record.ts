/**
 * A click as the ledger stores it, for tests: a human's click on the home page's hero on
 * `day` at noon UTC with no tracking parameters, changed by `overrides`. Each test names
 * only what it is about.
 */
import type { ClickRecord } from "~/ledger/schema";

export function testClick(overrides: Partial<ClickRecord> = {}): ClickRecord {
  const day = overrides.day ?? "2026-11-20";
  return {
    at: Date.parse(`${day}T12:00:00Z`),
    day,
    link_id: "home-hero",
    destination: "https://aff.example/r?partner=1",
    page: "/",
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
    referrer: null,
    gclid: null,
    fbclid: null,
    subid: null,
    country: null,
    device: "mobile",
    browser: "Chrome",
    is_bot: 0,
    visitor: "v1",
    click_id: null,
    offer: null,
    ...overrides,
  };
}

/** A click as a ledger older than migration 019 stores it: no offer column yet. */
export function clickBeforeOffers(
  overrides: Partial<ClickRecord> = {},
): Omit<ClickRecord, "offer"> {
  const click: Partial<ClickRecord> = testClick(overrides);
  delete click.offer;
  return click as Omit<ClickRecord, "offer">;
}
