import { afterEach, describe, expect, it, vi } from "vitest";

import { loadInterfaceMessages, resetInterfaceMessages } from "./interface-messages.client";

afterEach(() => {
  resetInterfaceMessages();
});

describe("loadInterfaceMessages", () => {
  it("loads the locale's file from /locales once per page", async () => {
    const fetchMessages = vi.fn(async () => ({ pageNotFound: "Page Not Found: {{path}}" }));
    const first = loadInterfaceMessages("en", "common", fetchMessages);
    const second = loadInterfaceMessages("en", "common", fetchMessages);
    expect(await first).toEqual({ pageNotFound: "Page Not Found: {{path}}" });
    expect(await second).toBe(await first);
    expect(fetchMessages.mock.calls).toEqual([["/locales/en/common.json"]]);
  });

  it("logs a file that fails to load once and resolves to no messages", async () => {
    // console.error fails any test (tests/setup-unit.ts): this one call is expected.
    const log = vi.mocked(console.error);
    log.mockClear();
    log.mockImplementationOnce(() => {});
    const failure = new Error("503");
    const fetchMessages = vi.fn(() => Promise.reject(failure));
    expect(await loadInterfaceMessages("en", "common", fetchMessages)).toEqual({});
    expect(await loadInterfaceMessages("en", "common", fetchMessages)).toEqual({});
    expect(log.mock.calls).toEqual([
      ["Interface messages could not be loaded from /locales/en/common.json:", failure],
    ]);
  });
});
