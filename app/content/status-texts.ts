/**
 * Which of the site's error texts (content/site.json `errors`) a status shows: one table
 * for the error view and for its <head>, so the page and its title always agree. 404 and
 * 403 are content pages of their own; the 404 text here is for the rare 404 the browser's
 * router raises itself (a path no route pattern matches, such as one with an encoded line
 * break). Any status not listed shows the server-error text.
 */
import type { Site } from "./schema";

type ErrorTexts = Site["errors"];
type TextKey = Exclude<keyof ErrorTexts, "home_button_text">;

const TEXTS_OF_STATUS: Readonly<Record<number, TextKey>> = {
  400: "bad_request",
  // A refused cross-site form post (server/cross-site.ts); the country gate's 403 is a page.
  403: "bad_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  // The dashboard while the ledger's database does not answer (app/reports/ledger-read.server.ts).
  503: "service_unavailable",
};

/** The title and text an error status shows. */
export function errorTextsFor(status: number, errors: ErrorTexts): ErrorTexts[TextKey] {
  return errors[TEXTS_OF_STATUS[status] ?? "server_error"];
}
