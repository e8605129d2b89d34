import { describe, expect, it } from "vitest";

import { PageCache } from "./page-cache";
import type { PreparedDocument } from "./send-document";

const served: PreparedDocument = {
  status: 200,
  etag: '"abc"',
  identity: { body: Buffer.from("<p>hola</p>"), headers: [], notModified: [] },
  bytes: 11,
};

describe("PageCache", () => {
  const entry = (bytes: number) => ({ ...served, bytes }) satisfies PreparedDocument;

  it("evicts the least recently used entry past its entry limit", () => {
    const cache = new PageCache(2, 1_000_000);
    cache.set("a", entry(1));
    cache.set("b", entry(1));
    cache.get("a");
    cache.set("c", entry(1));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("stays within its byte bound and refuses an entry larger than the bound", () => {
    const cache = new PageCache(100, 1_000);
    for (let index = 0; index < 10; index++) cache.set(`k${index}`, entry(300));
    expect(cache.storedBytes).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(3);
    cache.set("huge", entry(5_000));
    expect(cache.get("huge")).toBeUndefined();
    cache.set("k9", entry(100));
    expect(cache.storedBytes).toBe(700);
  });
});
