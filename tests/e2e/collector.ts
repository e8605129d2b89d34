/**
 * A small Umami-compatible analytics collector for the end-to-end tests: serves a
 * script.js whose umami.track() posts to /api/send, and records every request.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import type { Page } from "@playwright/test";

export type CollectorRequest = {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
};

const TRACKER_SCRIPT = `(() => {
  const script = document.currentScript;
  const website = script && script.dataset.websiteId;
  const endpoint = new URL("/api/send", script.src).href;
  const send = (type, payload) =>
    fetch(endpoint, { method: "POST", body: JSON.stringify({ type, payload }), keepalive: true });
  window.umami = {
    track(arg, data) {
      const base = { website, url: location.pathname + location.search, title: document.title };
      if (typeof arg === "function") return send("event", arg(base));
      if (typeof arg === "string") return send("event", { ...base, name: arg, data });
      return send("event", base);
    },
  };
})();`;

/** A collector on `port`; 0 (the default) takes a free one, read back as `port`. */
export async function startCollector(port = 0) {
  const requests: CollectorRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const path = req.url ?? "/";
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? "GET", path, body });
      res.setHeader("Access-Control-Allow-Origin", "*");
      if (path.startsWith("/script.js")) {
        res.writeHead(200, { "Content-Type": "text/javascript" });
        res.end(TRACKER_SCRIPT);
      } else {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end("{}");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    /** Page views (payloads without an event name) in the order they arrived. */
    pageViews: () =>
      requests
        .filter((request) => request.path === "/api/send")
        .map((request) => (request.body?.payload ?? {}) as Record<string, unknown>)
        .filter((payload) => !payload.name),
    events: (name: string) =>
      requests
        .filter((request) => request.path === "/api/send")
        .map((request) => (request.body?.payload ?? {}) as Record<string, unknown>)
        .filter((payload) => payload.name === name),
    clear: () => void (requests.length = 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sends a page's requests for the tracker host `from` (the port the analytics server was
 * configured with) to a collector on port `to`, so tests running side by side each have
 * their own collector. The browser still sees (and the CSP still checks) the original URL.
 */
export async function routeTrackerTo(page: Page, from: number, to: number) {
  await page.route(`http://127.0.0.1:${from}/**`, (route) =>
    route.continue({ url: route.request().url().replace(`:${from}/`, `:${to}/`) }),
  );
}
