/**
 * The one HTTP client for the app's own requests, on the platform's `fetch`, with the
 * product's rules (docs/decisions/001-product-rules.md): a JSON body for POST, PUT, PATCH
 * and DELETE; 0 retries for those methods and 1 for the others, on 408, 409, 425, 429, 500,
 * 502, 503 and 504 or when no answer came; any 400-599 answer is an error (an `HttpError`:
 * its `statusCode`, undefined when no answer came); a JSON answer is parsed. Kept this
 * small because every page loads it (docs/client-runtime.md).
 */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504];

/** Retries for a method: none where a repeat could act twice, one otherwise. */
export function retriesFor(method = "GET"): number {
  return /^(POST|PUT|PATCH|DELETE)$/i.test(method) ? 0 : 1;
}

export type HttpError = Error & { statusCode?: number };

export type HttpOptions = Omit<RequestInit, "body" | "headers"> & {
  /** Sent as JSON for POST, PUT, PATCH and DELETE. */
  body?: unknown;
  headers?: Record<string, string>;
};

export function createHttpClient({
  baseURL = "",
  retryDelay = 0,
}: { baseURL?: string; retryDelay?: number } = {}) {
  return async function http<T = unknown>(
    url: string,
    { body, ...init }: HttpOptions = {},
  ): Promise<T> {
    let retries = retriesFor(init.method);
    const request: RequestInit =
      body !== undefined && !retries
        ? {
            ...init,
            body: JSON.stringify(body),
            headers: { "content-type": "application/json", ...init.headers },
          }
        : init;
    for (;;) {
      let statusCode: number | undefined;
      let cause: unknown;
      try {
        const response = await fetch(baseURL + url, request);
        statusCode = response.status;
        if (statusCode < 400 || statusCode > 599) {
          const text = await response.text();
          const json = /json/.test(response.headers.get("content-type") ?? "");
          return (text && json ? JSON.parse(text) : text || undefined) as T;
        }
      } catch (failure) {
        // A JSON answer that does not parse, or an abort (the caller's): never retried.
        if (statusCode || (failure as Error).name === "AbortError") throw failure;
        cause = failure;
      }
      if (!retries-- || (statusCode && !RETRY_STATUS_CODES.includes(statusCode))) {
        throw Object.assign(new Error(`${url}: ${statusCode ?? cause}`, { cause }), {
          name: "HttpError",
          statusCode,
        }) as HttpError;
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelay));
    }
  };
}

export const http = createHttpClient();
