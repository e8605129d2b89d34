/**
 * The one HTTP client for the app's own requests (SPEC §7), built on ofetch, whose
 * defaults are the specification's: a JSON body for POST, PUT, PATCH and DELETE; 0 retries
 * for those methods and 1 for the others, on 408, 409, 425, 429, 500, 502, 503 and 504;
 * any 400-599 answer is an error. The values are spelled out so a change of ofetch's
 * defaults cannot silently change them.
 */
import { ofetch, type FetchOptions } from "ofetch";

export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const PAYLOAD_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Retries for a method: none where a repeat could act twice, one otherwise. */
export function retriesFor(method = "GET"): number {
  return PAYLOAD_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

export function createHttpClient(defaults: FetchOptions = {}) {
  return ofetch.create({
    retryStatusCodes: RETRY_STATUS_CODES,
    retryDelay: 100,
    ...defaults,
    onRequest({ options }) {
      if (options.retry === undefined) options.retry = retriesFor(options.method);
    },
  });
}

export const http = createHttpClient();
