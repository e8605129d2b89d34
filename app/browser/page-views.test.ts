// @vitest-environment jsdom-node-fetch
import { describe, expect, it, vi } from "vitest";

import { VIEW_PATH } from "~/views/view-endpoint";

import { installPageViews, sendView, viewBody } from "./page-views";

describe("viewBody", () => {
  it("holds the path and the landing's source, under the endpoint's field names", () => {
    const body = viewBody("/bonos", {
      params: [
        ["utm_source", "google"],
        ["utm_medium", "cpc"],
        ["utm_campaign", "otoño"],
        ["gclid", "G1"],
        ["subid", "s1"],
      ],
      referrer: null,
    });
    expect([...new URLSearchParams(body)]).toEqual([
      ["p", "/bonos"],
      ["s", "google"],
      ["m", "cpc"],
      ["c", "otoño"],
    ]);
  });

  it("carries the referrer host, and stays short whatever the path", () => {
    const body = viewBody(`/${"x".repeat(5000)}`, { params: [], referrer: "foro.example" });
    expect(new URLSearchParams(body).get("r")).toBe("foro.example");
    expect(new URLSearchParams(body).get("p")).toHaveLength(256);
    expect(body.length).toBeLessThan(1024);
  });
});

describe("sendView", () => {
  it("sends a beacon to the view endpoint", () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn();
    sendView("p=%2F", { sendBeacon, fetch });
    expect(sendBeacon).toHaveBeenCalledWith(VIEW_PATH, "p=%2F");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive POST without sendBeacon, or when the beacon is refused", () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    sendView("p=%2Fa", { fetch });
    sendView("p=%2Fb", { sendBeacon: () => false, fetch });
    expect(fetch.mock.calls).toEqual([
      [VIEW_PATH, { method: "POST", body: "p=%2Fa", keepalive: true }],
      [VIEW_PATH, { method: "POST", body: "p=%2Fb", keepalive: true }],
    ]);
  });

  it("never throws, nor leaves a rejected promise unhandled", async () => {
    const rejected = Promise.reject(new TypeError("Failed to fetch"));
    const fetch = vi.fn(() => rejected);
    expect(() => sendView("p=%2F", { fetch })).not.toThrow();
    expect(() =>
      sendView("p=%2F", {
        sendBeacon: () => {
          throw new TypeError("Illegal invocation");
        },
        fetch,
      }),
    ).not.toThrow();
    await expect(rejected).rejects.toThrow("Failed to fetch");
  });
});

/** A document and window of their own, to fire their events. */
function page({ prerendering = false } = {}) {
  const doc = Object.assign(new EventTarget(), { prerendering }) as unknown as Document & {
    prerendering: boolean;
  };
  const win = new EventTarget() as unknown as Window;
  const reported: string[] = [];
  const views = installPageViews({ report: (path) => reported.push(path), doc, win });
  const pageShow = (persisted: boolean) =>
    win.dispatchEvent(Object.assign(new Event("pageshow"), { persisted }));
  return { doc, views, reported, pageShow };
}

describe("installPageViews", () => {
  it("counts the first page and each new path, not the same path again", () => {
    const { views, reported } = page();
    views.show("/");
    views.show("/"); // a search or hash change, or a revalidation: same page
    views.show("/bonos");
    views.show("/");
    expect(reported).toEqual(["/", "/bonos", "/"]);
  });

  it("counts a restore from the back/forward cache, not an ordinary pageshow", () => {
    const { views, reported, pageShow } = page();
    views.show("/vip");
    pageShow(false);
    pageShow(true);
    expect(reported).toEqual(["/vip", "/vip"]);
  });

  it("waits while the document is prerendered and counts it once the visitor lands", () => {
    const { doc, views, reported } = page({ prerendering: true });
    views.show("/bonos");
    expect(reported).toEqual([]);
    doc.prerendering = false;
    doc.dispatchEvent(new Event("prerenderingchange"));
    expect(reported).toEqual(["/bonos"]);
  });

  it("never counts a prerendered document the visitor does not land on", () => {
    const { doc, views, reported } = page({ prerendering: true });
    views.show("/bonos");
    views.show("/vip");
    views.stop(); // the document is discarded
    doc.dispatchEvent(new Event("prerenderingchange"));
    expect(reported).toEqual([]);
  });

  it("keeps the page working when a view cannot be reported", () => {
    const doc = Object.assign(new EventTarget(), { prerendering: false }) as unknown as Document;
    const views = installPageViews({
      report: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      doc,
      win: new EventTarget() as unknown as Window,
    });
    expect(() => views.show("/")).not.toThrow();
  });

  it("stops listening when stopped", () => {
    const { views, reported, pageShow } = page();
    views.show("/");
    views.stop();
    pageShow(true);
    expect(reported).toEqual(["/"]);
  });
});
