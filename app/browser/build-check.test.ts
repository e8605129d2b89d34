import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { BUILD_CHECK_INTERVAL_MS, startBuildCheck } from "./build-check";

const HOUR = 60 * 60 * 1000;

function fakeDocument() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    fire() {
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

describe("startBuildCheck", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("checks every hour, starting one hour after load", async () => {
    const fetchLatestId = vi.fn(async () => "build-1");
    const doc = fakeDocument();
    startBuildCheck({
      currentId: "build-1",
      fetchLatestId,
      onNewBuild: vi.fn(),
      doc: doc as never,
    });
    expect(BUILD_CHECK_INTERVAL_MS).toBe(HOUR);
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(fetchLatestId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetchLatestId).toHaveBeenCalledTimes(2);
  });

  it("announces a different build once and stops checking", async () => {
    const fetchLatestId = vi.fn(async () => "build-2");
    const onNewBuild = vi.fn();
    const doc = fakeDocument();
    startBuildCheck({ currentId: "build-1", fetchLatestId, onNewBuild, doc: doc as never });
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith("build-2");
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
    expect(doc.listeners.size).toBe(0);
  });

  it("ignores network errors until the next check", async () => {
    const fetchLatestId = vi
      .fn()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue("build-2");
    const onNewBuild = vi.fn();
    startBuildCheck({
      currentId: "build-1",
      fetchLatestId,
      onNewBuild,
      doc: fakeDocument() as never,
    });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(onNewBuild).toHaveBeenCalledWith("build-2");
  });

  it("checks when the tab returns to the foreground more than an hour after the last check", async () => {
    const fetchLatestId = vi.fn(async () => "build-1");
    const doc = fakeDocument();
    startBuildCheck({
      currentId: "build-1",
      fetchLatestId,
      onNewBuild: vi.fn(),
      doc: doc as never,
    });
    await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
    doc.fire();
    expect(fetchLatestId).not.toHaveBeenCalled(); // only half an hour
    vi.setSystemTime(Date.now() + HOUR + 1); // the tab slept: timers did not run
    doc.fire();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatestId).toHaveBeenCalledTimes(1);
  });

  it("stops when asked", async () => {
    const fetchLatestId = vi.fn(async () => "build-1");
    const stop = startBuildCheck({
      currentId: "build-1",
      fetchLatestId,
      onNewBuild: vi.fn(),
      doc: fakeDocument() as never,
    });
    stop();
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    expect(fetchLatestId).not.toHaveBeenCalled();
  });
});
