/**
 * A token bucket per client address: each address may spend `ratePerSecond` requests a
 * second on average and `burst` at once. Buckets live in an LRU of bounded size, so a
 * flood from many addresses costs bounded memory: an address pushed out starts again with
 * a full bucket, which only ever errs towards letting a request through.
 */
import { LRUCache } from "lru-cache";

export type RateLimit = {
  /** 0 when the request may go on, else the whole seconds until one may (Retry-After). */
  take: (address: string, now?: number) => number;
};

type Bucket = { tokens: number; at: number };

export function rateLimit({
  ratePerSecond,
  burst,
  maxAddresses = 10_000,
}: {
  ratePerSecond: number;
  burst: number;
  maxAddresses?: number;
}): RateLimit {
  const buckets = new LRUCache<string, Bucket>({ max: maxAddresses });
  return {
    take(address, now = Date.now()) {
      const bucket = buckets.get(address) ?? { tokens: burst, at: now };
      const refilled = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
      if (refilled >= 1) {
        buckets.set(address, { tokens: refilled - 1, at: now });
        return 0;
      }
      buckets.set(address, { tokens: refilled, at: now });
      return Math.max(1, Math.ceil((1 - refilled) / ratePerSecond));
    },
  };
}
