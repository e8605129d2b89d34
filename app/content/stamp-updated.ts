/**
 * The date a visitor reads under a page's byline is the day of the last publish that
 * changed the page, not the build's: the studio stamps it as it publishes. A
 * page document gets `updated` when anything but that date changed; the site config gets
 * it on each record with a page of its own (a person, a payment method, a game, a guide)
 * that changed. Legal pages keep the dates their own heading states. Files a developer
 * edits carry the dates they wrote.
 */
import { isDeepStrictEqual } from "node:util";

import { RECORD_PAGE_PATHS } from "./record-pages";

/** The record arrays of the site config whose records have a page, each keyed by `slug`. */
const RECORD_ARRAYS = Object.keys(RECORD_PAGE_PATHS);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const withoutDate = ({ updated: _updated, ...rest }: Json): Json => rest;

const changed = (previous: unknown, next: Json): boolean =>
  !isObject(previous) || !isDeepStrictEqual(withoutDate(previous), withoutDate(next));

/** The day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(at);
}

/** `next` as it is published on `day`: dated where it changed since `previous`. */
export function stampUpdated(
  document: string,
  previous: unknown,
  next: unknown,
  day: string,
): unknown {
  if (!isObject(next)) return next;
  if (document.startsWith("pages/")) {
    if (next.legal === true || !changed(previous, next)) return next;
    return { ...next, updated: day };
  }
  let stamped = next;
  for (const field of RECORD_ARRAYS) {
    const records = next[field];
    if (!Array.isArray(records)) continue;
    const before = isObject(previous) && Array.isArray(previous[field]) ? previous[field] : [];
    const bySlug = new Map(before.filter(isObject).map((record) => [record.slug, record] as const));
    stamped = {
      ...stamped,
      [field]: records.map((record: unknown) =>
        isObject(record) && changed(bySlug.get(record.slug), record)
          ? { ...record, updated: day }
          : record,
      ),
    };
  }
  return stamped;
}
