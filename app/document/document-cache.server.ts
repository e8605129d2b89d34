/**
 * Rendered documents, kept so a repeated request for the same page skips the React
 * render. An entry is reused only when the page's data (Remix's hydration state, which
 * carries everything the page renders from) is identical, so a cached document is
 * always exactly what a fresh render would produce. Bounded by entries and bytes (LRU).
 */
export type CachedDocument = { handoff: string; body: string; etag: string; csp: string };

export class DocumentCache {
  private entries = new Map<string, CachedDocument>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 256,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(key: string, handoff: string): CachedDocument | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.handoff !== handoff) return undefined;
    // Refresh its position: Map iteration order is insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedDocument) {
    this.delete(key);
    const size = entry.body.length + entry.handoff.length;
    if (size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  get size() {
    return this.entries.size;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length + entry.handoff.length;
    this.entries.delete(key);
  }
}
