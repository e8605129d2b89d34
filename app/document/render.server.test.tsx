import { afterEach, describe, expect, it, vi } from "vitest";

import { renderDocument } from "./render.server";

const options = (waitForAll: boolean) => ({
  status: 200,
  headers: new Headers(),
  waitForAll,
  abortDelay: 60_000,
});

describe("renderDocument", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([false, true])(
    "clears its abort timer as soon as the stream ends (waitForAll: %s)",
    async (waitForAll) => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const response = await renderDocument(<p>Hola</p>, options(waitForAll));
      expect(await response.text()).toBe("<p>Hola</p>");
      await new Promise((resolve) => setImmediate(resolve));
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it("answers with the given status and an HTML content type", async () => {
    const response = await renderDocument(<p>x</p>, { ...options(false), status: 404 });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    await response.text();
  });
});
