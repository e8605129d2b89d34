/**
 * The reporting day of an instant: YYYY-MM-DD in the report's time zone
 * (REPORT_TIME_ZONE). The write side stamps each click, view and conversion with it and the
 * read side picks periods with it, so both agree on which day an instant belongs to.
 */

const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/**
 * YYYY-MM-DD of an instant in a time zone. Formatters are costly to make (one per zone)
 * and to run, so each zone remembers its last minute's day: every zone's offset is a whole
 * number of minutes, so a day never changes within one.
 */
export function dayIn(timeZone: string, at: number): string {
  let zone = dayFormats.get(timeZone);
  if (!zone) {
    const format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    zone = { format, minute: Number.NaN, day: "" };
    dayFormats.set(timeZone, zone);
  }
  const minute = Math.floor(at / 60_000);
  if (minute !== zone.minute) {
    zone.minute = minute;
    zone.day = zone.format.format(at);
  }
  return zone.day;
}

/** Today's date in the reporting time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayIn(timeZone, now.getTime());
}
