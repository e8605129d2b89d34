import { describe, expect, it } from "vitest";

import { LoginLimiter, passwordMatches } from "./auth.server";

describe("passwordMatches", () => {
  it("accepts only the exact password, whatever the lengths", () => {
    expect(passwordMatches("correct-horse-battery", "correct-horse-battery")).toBe(true);
    expect(passwordMatches("correct-horse-batter", "correct-horse-battery")).toBe(false);
    expect(passwordMatches("correct-horse-battery!", "correct-horse-battery")).toBe(false);
    expect(passwordMatches("", "correct-horse-battery")).toBe(false);
    expect(passwordMatches("anything", undefined)).toBe(false);
  });
});

describe("LoginLimiter", () => {
  it("blocks a client after five failures in a minute, with the seconds to wait", () => {
    const limiter = new LoginLimiter(5, 60_000);
    const start = 1_000_000;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(limiter.retryAfter("a", start + attempt * 1000)).toBe(0);
      limiter.fail("a", start + attempt * 1000);
    }
    expect(limiter.retryAfter("a", start + 5000)).toBe(55);
    expect(limiter.retryAfter("b", start + 5000)).toBe(0);
    // The first failure leaves the window after a minute.
    expect(limiter.retryAfter("a", start + 60_000)).toBe(0);
  });

  it("forgets a client's failures when it logs in", () => {
    const limiter = new LoginLimiter(2, 60_000);
    limiter.fail("a", 0);
    limiter.fail("a", 1);
    expect(limiter.retryAfter("a", 2)).toBeGreaterThan(0);
    limiter.succeed("a");
    expect(limiter.retryAfter("a", 3)).toBe(0);
  });

  it("tracks a bounded number of clients, dropping the oldest", () => {
    const limiter = new LoginLimiter(1, 60_000, 100);
    for (let client = 0; client < 1000; client++) limiter.fail(`198.51.100.${client}`, client);
    expect(limiter.size).toBe(100);
    expect(limiter.retryAfter("198.51.100.999", 1000)).toBeGreaterThan(0);
    expect(limiter.retryAfter("198.51.100.0", 1000)).toBe(0);
  });
});
