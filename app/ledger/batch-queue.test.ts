/**
 * The write queue's retry of a failed batch: whole, with the same records and token, even
 * when records arrived or overflowed meanwhile, so a writer that finds the token already
 * written (the commit went through but its answer was lost) writes nothing twice.
 */
import { describe, expect, it } from "vitest";

import { BatchQueue } from "./batch-queue";

describe("a batch whose commit's answer was lost", () => {
  it("is retried whole with its token, and the writer's token check keeps it written once", async () => {
    const committed = new Set<string>();
    const written: number[] = [];
    const calls: { token: string; batch: number[] }[] = [];
    let loseNextAnswer = true;
    const logged: string[] = [];
    const queue = new BatchQueue<number>({
      names: { tag: "test", noun: "records" },
      write: async (batch, token) => {
        calls.push({ token, batch: [...batch] });
        if (committed.has(token)) return; // what claimBatch finds
        committed.add(token);
        written.push(...batch);
        if (loseNextAnswer) {
          loseNextAnswer = false;
          throw new Error("Connection terminated during COMMIT");
        }
      },
      batchSize: 3,
      flushIntervalMs: 0,
      maxQueue: 4,
      log: (line) => logged.push(line),
    });
    for (const record of [1, 2]) queue.push(record);
    await queue.flush();
    // More records than the bound arrive before the retry: the oldest behind the failed
    // batch are dropped (and said), never the batch itself.
    for (const record of [3, 4, 5, 6, 7]) queue.push(record);
    await queue.flush();

    expect(calls[1]).toEqual({ token: calls[0]!.token, batch: [1, 2] });
    expect(calls.slice(2).every(({ token }) => token !== calls[0]!.token)).toBe(true);
    expect(written).toEqual([1, 2, 4, 5, 6, 7]);
    expect(queue.snapshot()).toMatchObject({ waiting: 0, written: 6, dropped: 1 });
    expect(logged).toContain("[test] queue full: dropped 1 oldest records (1 in all)");
  });
});

describe("closing while the database fails", () => {
  it("says how many records it could not write", async () => {
    const logged: string[] = [];
    const queue = new BatchQueue<number>({
      names: { tag: "test", noun: "records" },
      write: () => Promise.reject(new Error("connect ECONNREFUSED")),
      batchSize: 10,
      flushIntervalMs: 0,
      maxQueue: 100,
      log: (line) => logged.push(line),
    });
    for (const record of [1, 2, 3]) queue.push(record);
    await queue.close();
    expect(logged).toContain(
      "[test] closing with 3 records unwritten (the database failed): they are lost",
    );
  });
});
