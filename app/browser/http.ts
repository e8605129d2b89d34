/**
 * The one HTTP client for the app's own requests: ofetch, whose defaults are the
 * specification's client: a JSON body for POST, PUT, PATCH and DELETE; 0 retries for
 * those methods and 1 for the others, on 408, 409, 425, 429, 500, 502, 503 and 504; any
 * 400-599 answer is an error (a FetchError with `statusCode`). The list and the retry
 * rule are spelled out here so the tests can state them.
 */
import { ofetch } from "ofetch";

export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const PAYLOAD_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Retries for a method: none where a repeat could act twice, one otherwise (ofetch's rule). */
export function retriesFor(method = "GET"): number {
  return PAYLOAD_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

export function createHttpClient({
  baseURL,
  retryDelay,
}: { baseURL?: string; retryDelay?: number } = {}) {
  return ofetch.create({ baseURL, retryDelay, retryStatusCodes: RETRY_STATUS_CODES });
}

export const http = createHttpClient();
