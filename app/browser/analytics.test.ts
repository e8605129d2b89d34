// @vitest-environment jsdom-node-fetch
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  ANALYTICS_POLL_MS,
  ANALYTICS_TIMEOUT_MS,
  loadTracker,
  resetTracker,
  trackPageView,
} from "./analytics";

const config = { enabled: true, host: "https://stats.example", siteId: "site-1" };

describe("analytics", () => {
  let errors: unknown[][];
  let guard: typeof console.error;

  beforeEach(() => {
    vi.useFakeTimers();
    resetTracker();
    delete window.umami;
    document.head.innerHTML = "";
    errors = [];
    guard = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
  });
  afterEach(() => {
    console.error = guard;
    vi.useRealTimers();
  });

  it("uses the specified constants", () => {
    expect([ANALYTICS_POLL_MS, ANALYTICS_TIMEOUT_MS]).toEqual([50, 5000]);
  });

  it("adds no script and makes no request when disabled", async () => {
    await expect(
      loadTracker({ enabled: false, host: "https://x.example", siteId: "1" }),
    ).resolves.toBeNull();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it("logs one error and adds no script when host or site id is missing", async () => {
    await expect(loadTracker({ enabled: true, host: null, siteId: "1" })).resolves.toBeNull();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(errors).toHaveLength(1);
  });

  it("loads the tracker script with the site id and auto-tracking off", () => {
    void loadTracker(config);
    const script = document.querySelector("script")!;
    expect(script.src).toBe("https://stats.example/script.js");
    expect(script.async).toBe(true);
    expect(script.dataset.websiteId).toBe("site-1");
    expect(script.dataset.autoTrack).toBe("false");
  });

  it("sends a page view with url and title once window.umami appears", async () => {
    const track = vi.fn();
    const ready = loadTracker(config);
    await vi.advanceTimersByTimeAsync(120);
    window.umami = { track };
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_MS);
    await ready;
    await trackPageView("/terms?x=1", "Términos");
    expect(track).toHaveBeenCalledTimes(1);
    const payload = (track.mock.calls[0]![0] as (props: object) => object)({ website: "site-1" });
    expect(payload).toEqual({ website: "site-1", url: "/terms?x=1", title: "Términos" });
  });

  it("logs one error after 5000 ms without window.umami, then sends nothing", async () => {
    const ready = loadTracker(config);
    await vi.advanceTimersByTimeAsync(ANALYTICS_TIMEOUT_MS);
    await expect(ready).resolves.toBeNull();
    expect(errors).toHaveLength(1);
    expect(String(errors[0]![0])).toContain("timed out");
    await trackPageView("/", "Inicio");
    expect(errors).toHaveLength(1);
  });

  it("logs one error when the script fails to load, without waiting for the time-out", async () => {
    const ready = loadTracker(config);
    document.querySelector("script")!.dispatchEvent(new Event("error"));
    await expect(ready).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(ANALYTICS_TIMEOUT_MS);
    expect(errors).toHaveLength(1);
    expect(String(errors[0]![0])).toContain("failed to load");
  });
});
