/**
 * `npm run links:check` as a deploy pipeline runs it: on a copy of the content whose
 * affiliate destinations point at a stub tracker on this machine (HTTPS, with a test-only
 * certificate trusted through NODE_EXTRA_CA_CERTS), it prints a row per destination and
 * exits 0 while the tracker is healthy, 1 once it answers "Invalid link".
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { contentAtOrigin } from "../tests/content-at-origin";

const directory = mkdtempSync(path.join(tmpdir(), "links-check-"));
/** A certificate for 127.0.0.1 for tests only (tests/fixtures/tls/README.md). */
const TLS = path.resolve("tests/fixtures/tls");
let server: Server;
let port = 0;
/** How the stub tracker answers its landing page now. */
let landingSays = "<h1>Regístrate</h1>";

beforeAll(async () => {
  server = createServer(
    {
      key: readFileSync(path.join(TLS, "key.pem")),
      cert: readFileSync(path.join(TLS, "cert.pem")),
    },
    (req, res) => {
      const url = new URL(req.url!, "https://stub");
      if (url.pathname === "/redirect") {
        res.writeHead(302, { location: `/landing?${url.searchParams}` }).end();
      } else {
        res.writeHead(200, { "content-type": "text/html" }).end(landingSays);
      }
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // The shipped content, its tracker's origin replaced by the stub's.
  contentAtOrigin(path.join(directory, "content"), `https://127.0.0.1:${port}`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(directory, { recursive: true, force: true });
});

/** Runs the command on the copy: its exit code and what it printed. */
function linksCheck(): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/links-check.ts"],
      {
        env: {
          ...process.env,
          CONTENT_DIR: path.join(directory, "content"),
          NODE_EXTRA_CA_CERTS: path.join(TLS, "cert.pem"),
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe("npm run links:check", () => {
  it("lists every destination healthy and exits 0, then broken with its reason and exits 1", async () => {
    landingSays = "<h1>Regístrate</h1>";
    const healthy = await linksCheck();
    expect(healthy.out).toMatch(
      /^sano +127\.0\.0\.1:\d+\/redirect\?partner=brs1042&banner=hdr-login$/m,
    );
    expect(healthy.out).toContain(`saltos: 302 127.0.0.1:${port} → 200 127.0.0.1:${port}`);
    expect(healthy.out).toMatch(/\n(\d+) destinos: \1 sanos, 0 con aviso, 0 rotos\n/);
    expect(healthy.code).toBe(0);

    landingSays = "<p>Invalid link</p>";
    const broken = await linksCheck();
    expect(broken.out).toMatch(
      /^ROTO +127\.0\.0\.1:\d+\/redirect\?partner=brs1042&banner=hdr-login$/m,
    );
    expect(broken.out).toContain("motivo: la página final dice «invalid link»");
    expect(broken.out).toMatch(/destinos: 0 sanos, 0 con aviso, \d+ rotos/);
    expect(broken.code).toBe(1);
  }, 60_000);
});
