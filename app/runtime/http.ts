/**
 * The one HTTP client for the app's own requests (SPEC §7): a JSON body for POST, PUT,
 * PATCH and DELETE; 0 retries for those methods and 1 for the others, on 408, 409, 425,
 * 429, 500, 502, 503 and 504; any 400-599 answer is an error.
 *
 * These are ofetch's defaults, and the client first used ofetch. It was replaced by these
 * few lines because the page-weight budget (110 KB of gzipped JavaScript on /) had no
 * room for its 4 KB when all the app asks of it is a couple of GETs.
 */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];
const PAYLOAD_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Retries for a method: none where a repeat could act twice, one otherwise. */
export function retriesFor(method = "GET"): number {
  return PAYLOAD_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly statusCode: number,
    readonly url: string,
    readonly data: unknown,
  ) {
    super(`${statusCode} from ${url}`);
  }
}

export type HttpOptions = Omit<RequestInit, "body"> & {
  /** A plain object or array is sent as JSON; anything else as is. */
  body?: unknown;
  retry?: number;
  retryDelay?: number;
};

type ClientDefaults = { baseURL?: string; retryDelay?: number };

function isJsonBody(body: unknown): boolean {
  return (
    body !== null &&
    typeof body === "object" &&
    (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype)
  );
}

async function parse(response: Response): Promise<unknown> {
  if (response.status === 204 || response.headers.get("content-length") === "0") return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(defaults: ClientDefaults = {}) {
  return async function http<T = unknown>(path: string, options: HttpOptions = {}): Promise<T> {
    const method = (options.method ?? "GET").toUpperCase();
    const url = defaults.baseURL ? new URL(path, defaults.baseURL).href : path;
    const headers = new Headers(options.headers);
    let body = options.body as BodyInit | undefined;
    if (isJsonBody(options.body)) {
      body = JSON.stringify(options.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    if (!headers.has("accept")) headers.set("accept", "application/json");
    const retries = options.retry ?? retriesFor(method);
    const delay = options.retryDelay ?? defaults.retryDelay ?? 100;

    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await fetch(url, { ...options, method, headers, body });
      } catch (error) {
        if (attempt < retries) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        throw error;
      }
      if (response.status >= 400 && response.status <= 599) {
        if (attempt < retries && RETRY_STATUS_CODES.includes(response.status)) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          continue;
        }
        throw new HttpError(response.status, url, await parse(response));
      }
      return (await parse(response)) as T;
    }
  };
}

export const http = createHttpClient();
