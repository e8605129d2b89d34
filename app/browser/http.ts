/**
 * The one HTTP client for the app's own requests, on the browser's fetch: the
 * specification's client (the rules ofetch applies by default, written out here so the
 * page does not carry ofetch): a JSON body for POST, PUT, PATCH and DELETE; 0 retries for
 * those methods and 1 for the others, on 408, 409, 425, 429, 500, 502, 503 and 504 (a
 * request that gets no answer counts as 500); any 400-599 answer is an error (an
 * HttpError with `statusCode`). JSON answers are parsed, other answers come as text.
 */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const PAYLOAD_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Statuses that carry no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Retries for a method: none where a repeat could act twice, one otherwise (ofetch's rule). */
export function retriesFor(method = "GET"): number {
  return PAYLOAD_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

/** An answer from 400 to 599, or no answer at all (`statusCode` undefined). */
export class HttpError extends Error {
  constructor(
    readonly request: string,
    readonly statusCode?: number,
    readonly data?: unknown,
    options?: ErrorOptions,
  ) {
    super(
      `[${request}] ${statusCode ? `${statusCode}` : "<no response>"}` +
        (options?.cause instanceof Error ? ` ${options.cause.message}` : ""),
      options,
    );
    this.name = "HttpError";
  }
}

export type HttpOptions = Omit<RequestInit, "body"> & { body?: BodyInit | object | null };

/** A plain object or array: sent as JSON. */
function isJsonBody(body: unknown): body is object {
  if (body === null || typeof body !== "object") return false;
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return prototype === Object.prototype || prototype === null || "toJSON" in body;
}

async function parseBody(response: Response, method: string): Promise<unknown> {
  if (method === "HEAD" || NULL_BODY_STATUSES.has(response.status)) return undefined;
  const text = await response.text();
  if (!/\bjson\b/i.test(response.headers.get("content-type") ?? "")) return text;
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

export function createHttpClient({
  baseURL,
  retryDelay = 0,
}: { baseURL?: string; retryDelay?: number } = {}) {
  return async function http<T = unknown>(path: string, options: HttpOptions = {}): Promise<T> {
    const method = (options.method ?? "GET").toUpperCase();
    const url =
      baseURL && !/^[a-z][a-z\d+.-]*:/i.test(path) ? `${baseURL.replace(/\/$/, "")}${path}` : path;
    const headers = new Headers(options.headers);
    let body = options.body as BodyInit | null | undefined;
    if (PAYLOAD_METHODS.has(method) && isJsonBody(options.body)) {
      body = JSON.stringify(options.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      if (!headers.has("accept")) headers.set("accept", "application/json");
    }
    const label = `${method} ${url}`;
    for (let retries = retriesFor(method); ; retries--) {
      let failure: HttpError;
      try {
        const response = await fetch(url, { ...options, method, headers, body });
        const data = await parseBody(response, method);
        if (response.status < 400 || response.status > 599) return data as T;
        failure = new HttpError(label, response.status, data);
      } catch (error) {
        // An aborted request is the caller's decision: never repeated.
        if ((error as Error | null)?.name === "AbortError") throw error;
        failure = new HttpError(label, undefined, undefined, { cause: error });
      }
      if (retries <= 0 || !RETRY_STATUS_CODES.includes(failure.statusCode ?? 500)) throw failure;
      if (retryDelay > 0) await new Promise((resolve) => setTimeout(resolve, retryDelay));
    }
  };
}

export const http = createHttpClient();
