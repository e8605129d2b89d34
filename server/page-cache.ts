/**
 * The one cache of finished pages, keyed by cache-key.ts, holding documents prepared by
 * send-document.ts. It sits first on the request path after the guard: a hit runs no
 * Express middleware, no Remix and no compression. Bounded by entries and by bytes
 * (every encoding of an entry counts), least recently used first.
 */
import { LRUCache } from "lru-cache";

import type { PreparedDocument } from "./send-document";

export class PageCache {
  private readonly entries: LRUCache<string, PreparedDocument>;

  constructor(
    readonly maxEntries = 512,
    readonly maxBytes = 64 * 1024 * 1024,
  ) {
    this.entries = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      // An entry larger than the whole bound is not stored (lru-cache skips it).
      maxEntrySize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.entries.calculatedSize;
  }

  get(key: string): PreparedDocument | undefined {
    return this.entries.get(key);
  }

  /** Stores a page; with `ttl` (ms), only until then (an offer it shows starts or ends). */
  set(key: string, entry: PreparedDocument, ttl?: number): void {
    this.entries.set(key, entry, ttl === undefined ? undefined : { ttl: Math.max(1, ttl) });
  }

  clear(): void {
    this.entries.clear();
  }
}
