import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { waitFor } from "./wait-for";

describe("waitFor", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("polls every interval until the value appears", async () => {
    const state: { value?: string } = {};
    const check = vi.fn(() => state.value);
    const result = waitFor(check, { intervalMs: 50, timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(49);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    state.value = "ready";
    await vi.advanceTimersByTimeAsync(50);
    await expect(result).resolves.toBe("ready");
    expect(check).toHaveBeenCalledTimes(3);
  });

  it("gives up after the time-out", async () => {
    const check = vi.fn(() => undefined);
    const result = waitFor(check, { intervalMs: 50, timeoutMs: 5000 });
    const assertion = expect(result).rejects.toThrow("timed out after 5000 ms");
    await vi.advanceTimersByTimeAsync(4950);
    expect(check).toHaveBeenCalledTimes(100);
    await vi.advanceTimersByTimeAsync(50);
    await assertion;
    expect(check).toHaveBeenCalledTimes(101);
  });
});
