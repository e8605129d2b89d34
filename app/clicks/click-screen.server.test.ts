import { describe, expect, it } from "vitest";

import { FLAGS, PERSON } from "~/ledger/click-kinds";

import { rangesOfCidrs, inRanges } from "./address-ranges";
import { clickScreen, FAST_CLICK_MS, REPEAT_MS } from "./click-screen.server";

const CLOUD = { has: (address: string) => inRanges(rangesOfCidrs(["3.0.0.0/15"]), address) };
const HOME = "81.32.10.20";
const T = Date.parse("2026-11-28T10:00:00Z");

const click = (at: number, visitor = "v1", link = "home-hero", page = "home") => ({
  at,
  visitor,
  link_id: link,
  page,
});

describe("the click screen", () => {
  it("flags a click from a data centre's address, and not one from elsewhere", () => {
    const screen = clickScreen(["data-centre", "too-fast", "repeat"], CLOUD);
    expect(screen.judge(click(T, "v1"), "3.0.4.5")).toBe(FLAGS["data-centre"]);
    expect(screen.judge(click(T, "v2"), HOME)).toBe(PERSON);
  });

  it("flags a click that comes sooner after the visitor's view of its page than a person clicks", () => {
    const screen = clickScreen(["data-centre", "too-fast", "repeat"], CLOUD);
    screen.viewed("v1", "home", T);
    expect(screen.judge(click(T + 200, "v1"), HOME)).toBe(FLAGS["too-fast"]);
    // Another page's view, another visitor's, or a view long enough before: a person's.
    screen.viewed("v2", "bonos", T);
    expect(screen.judge(click(T + 200, "v2"), HOME)).toBe(PERSON);
    screen.viewed("v3", "home", T);
    expect(screen.judge(click(T + FAST_CLICK_MS + 1, "v3"), HOME)).toBe(PERSON);
  });

  it("flags the same visitor's second click on a link within the hour, and not after", () => {
    const screen = clickScreen(["data-centre", "too-fast", "repeat"], CLOUD);
    expect(screen.judge(click(T), HOME)).toBe(PERSON);
    expect(screen.judge(click(T + 60_000), HOME)).toBe(FLAGS.repeat);
    // Another link, another visitor: their first click.
    expect(screen.judge(click(T + 60_000, "v1", "bonos-list"), HOME)).toBe(PERSON);
    expect(screen.judge(click(T + 60_000, "v2"), HOME)).toBe(PERSON);
    // An hour after the last click on it: a person's again.
    expect(screen.judge(click(T + 60_000 + REPEAT_MS), HOME)).toBe(PERSON);
  });

  it("judges in order (data centre, too fast, repeat) and applies only the flags it is given", () => {
    const all = clickScreen(["data-centre", "too-fast", "repeat"], CLOUD);
    all.viewed("v1", "home", T);
    all.judge(click(T - 10), "3.0.4.5");
    expect(all.judge(click(T + 100), "3.0.4.5")).toBe(FLAGS["data-centre"]);
    expect(all.judge(click(T + 100), HOME)).toBe(FLAGS["too-fast"]);
    expect(all.judge(click(T + 5_000), HOME)).toBe(FLAGS.repeat);

    const repeatOnly = clickScreen(["repeat"], CLOUD);
    repeatOnly.viewed("v1", "home", T);
    expect(repeatOnly.judge(click(T + 100), "3.0.4.5")).toBe(PERSON);
    expect(repeatOnly.judge(click(T + 200), "3.0.4.5")).toBe(FLAGS.repeat);
    const none = clickScreen([], CLOUD);
    none.judge(click(T), "3.0.4.5");
    expect(none.judge(click(T + 1), "3.0.4.5")).toBe(PERSON);
  });

  it("remembers a bounded number of visitors: the oldest are forgotten first", () => {
    const screen = clickScreen(["repeat"], CLOUD);
    screen.judge(click(T, "first"), HOME);
    for (let index = 0; index < 100_000; index++) screen.judge(click(T + 1, `v${index}`), HOME);
    // "first" was pushed out by 100,000 later visitors; the latest is still remembered.
    expect(screen.judge(click(T + 2, "first"), HOME)).toBe(PERSON);
    expect(screen.judge(click(T + 2, "v99999"), HOME)).toBe(FLAGS.repeat);
  });
});
