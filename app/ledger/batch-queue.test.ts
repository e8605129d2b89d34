/**
 * The write queue's retry of a failed batch: whole, with the same records and token, even
 * when records arrived or overflowed meanwhile, so a writer that finds the token already
 * written (the commit went through but its answer was lost) writes nothing twice.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { BatchQueue } from "./batch-queue";
import { BATCH_SIZE, FLUSH_INTERVAL_MS, MAX_QUEUE, queueSettings } from "~/clicks/ledger.server";

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

describe("closing with more queued than the shutdown leaves time to write", () => {
  it("writes batches until its deadline, then says how many it could not write", async () => {
    const logged: string[] = [];
    const written: number[] = [];
    let now = 1_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    try {
      const queue = new BatchQueue<number>({
        names: { tag: "test", noun: "records" },
        // Each batch takes 400 ms of the shutdown's time.
        write: async (batch) => {
          written.push(...batch);
          now += 400;
        },
        batchSize: 2,
        flushIntervalMs: 0,
        maxQueue: 100,
        log: (line) => logged.push(line),
      });
      for (const record of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) queue.push(record);
      await queue.close(2_000);
      // Batches start at 1,000, 1,400 and 1,800 ms; the fourth would start past the deadline.
      expect(written).toEqual([1, 2, 3, 4, 5, 6]);
      expect(logged).toEqual([
        "[test] closing with 4 records unwritten (the shutdown's time ran out): they are lost",
      ]);
    } finally {
      vi.restoreAllMocks();
    }
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

describe("a write failure (a full disk, a database down)", () => {
  /** A store that fails while `down`, and otherwise keeps each token's batch once. */
  function store() {
    const state = {
      down: true,
      attempts: [] as number[],
      tokens: [] as string[],
      written: new Map<number, number>(),
      committed: new Set<string>(),
    };
    const write = async (batch: number[], token: string) => {
      state.attempts.push(Date.now());
      state.tokens.push(token);
      if (state.down) {
        throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      }
      if (state.committed.has(token)) return;
      state.committed.add(token);
      for (const record of batch) state.written.set(record, (state.written.get(record) ?? 0) + 1);
    };
    return { state, write };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it("is retried by the timer only, after 1 s, 2 s, 4 s … 30 s, however many records arrive", async () => {
    vi.useFakeTimers({ now: 0 });
    const { state, write } = store();
    const logged: string[] = [];
    const queue = new BatchQueue<number>({
      names: { tag: "clicks", noun: "clicks" },
      write,
      batchSize: 500,
      flushIntervalMs: 1_000,
      maxQueue: 100_000,
      log: (line) => logged.push(line),
    });
    let next = 0;
    const pushMany = (count: number) => {
      for (let index = 0; index < count; index++) queue.push(next++);
    };
    pushMany(500); // a full batch: written at once, and the write fails
    await vi.advanceTimersByTimeAsync(0);
    expect(state.attempts).toEqual([0]);

    // Every second, 2,000 more clicks: none of them tries a write.
    for (let second = 0; second < 100; second++) {
      pushMany(2_000);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(state.attempts).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000]);
    // Each retry is the failed batch whole, with its token.
    expect(new Set(state.tokens).size).toBe(1);
    expect(queue.snapshot()).toMatchObject({ waiting: 100_500, dropped: 100_000 });

    state.down = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(queue.snapshot().waiting).toBe(0);
    const incident = logged.filter((line) => line.includes("cannot write"));
    expect(incident).toEqual([
      "[clicks] cannot write 500 clicks: disco lleno (SQLITE_FULL: database or disk is full); 500 clicks kept in memory, retried after 1 s, doubling up to 30 s (one more line when writes resume)",
    ]);
    expect(logged.filter((line) => line.includes("writing again"))).toEqual([
      "[clicks] writing again after 121 s and 8 failed attempts; 100000 clicks still queued",
    ]);
    // What was kept is written exactly once: the first batch, then the newest 100,000.
    expect([...state.written.values()].every((times) => times === 1)).toBe(true);
    expect(state.written.size).toBe(100_500);
    await queue.close();
  });

  it("loses nothing it kept once the fault ends, even when the recovering commit's answer is lost", async () => {
    vi.useFakeTimers({ now: 0 });
    const { state, write } = store();
    let loseAnswer = true;
    const logged: string[] = [];
    const queue = new BatchQueue<number>({
      names: { tag: "views", noun: "views" },
      write: async (batch, token) => {
        await write(batch, token);
        if (loseAnswer) {
          loseAnswer = state.down;
          if (!state.down) throw new Error("Connection terminated unexpectedly");
        }
      },
      batchSize: 100,
      flushIntervalMs: 1_000,
      maxQueue: 10_000,
      log: (line) => logged.push(line),
    });
    for (let index = 0; index < 2_500; index++) queue.push(index);
    await vi.advanceTimersByTimeAsync(3_000);
    state.down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.snapshot()).toMatchObject({ waiting: 0, dropped: 0, written: 2_500 });
    expect(state.written.size).toBe(2_500);
    expect([...state.written.values()].every((times) => times === 1)).toBe(true);
    expect(logged.filter((line) => line.includes("cannot write"))).toHaveLength(1);
    expect(logged.filter((line) => line.includes("writing again"))).toHaveLength(1);
    await queue.close();
  });
});

describe("what a crash (kill -9) can lose", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("while the database answers: only what came in since the last write, never more than one interval's", async () => {
    vi.useFakeTimers({ now: 0 });
    const written: number[] = [];
    const queue = new BatchQueue<number>({
      names: { tag: "clicks", noun: "clicks" },
      write: async (batch) => {
        written.push(...batch);
      },
      ...queueSettings({ log: () => {} }),
    });
    let pushed = 0;
    let sinceTick = 0;
    // 350 clicks every 100 ms (3,500/s) for 5 s: what is in memory, the crash's loss, is
    // never more than what arrived since the last timer write.
    for (let step = 1; step <= 50; step++) {
      for (let index = 0; index < 350; index++) queue.push(pushed++);
      sinceTick += 350;
      await vi.advanceTimersByTimeAsync(100);
      if (step % (FLUSH_INTERVAL_MS / 100) === 0) {
        expect(queue.snapshot().waiting).toBe(0);
        sinceTick = 0;
      }
      expect(queue.snapshot().waiting).toBeLessThanOrEqual(Math.min(sinceTick, BATCH_SIZE));
      expect(written.length + queue.snapshot().waiting).toBe(pushed);
    }
    await queue.close();
  });

  it("during an outage: the held batch and MAX_QUEUE behind it (100,500 per ledger), the rest already dropped", async () => {
    vi.useFakeTimers({ now: 0 });
    const logged: string[] = [];
    const queue = new BatchQueue<number>({
      names: { tag: "clicks", noun: "clicks" },
      write: () =>
        Promise.reject(
          Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
        ),
      ...queueSettings({ log: (line) => logged.push(line) }),
    });
    for (let index = 0; index < 150_000; index++) queue.push(index);
    await vi.advanceTimersByTimeAsync(60_000);
    // Nothing reached the database: a crash now loses what is in memory, and no more.
    expect(BATCH_SIZE + MAX_QUEUE).toBe(100_500);
    expect(queue.snapshot()).toMatchObject({
      written: 0,
      waiting: BATCH_SIZE + MAX_QUEUE,
      dropped: 150_000 - BATCH_SIZE - MAX_QUEUE,
    });
    expect(logged[0]).toContain("la base de datos no responde (ECONNREFUSED");
  });
});
