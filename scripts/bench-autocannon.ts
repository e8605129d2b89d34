/** autocannon (the benches' load generator), typed for what they use of it. */
// @ts-expect-error autocannon 8 ships no type declarations (typed below)
import autocannonUntyped from "autocannon";

export type LoadRequest = { method: string; path: string };

export type LoadResult = {
  /** Seconds the run lasted, as autocannon measured it (a loaded machine may overrun). */
  duration: number;
  requests: { average: number; sent: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};

export const autocannon = autocannonUntyped as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Each request may be rewritten before it goes (a new path per request). */
  requests?: { setupRequest: (request: LoadRequest) => LoadRequest }[];
}) => Promise<LoadResult>;
