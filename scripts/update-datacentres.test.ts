/**
 * `npm run datacentres:update` against stub providers on this machine: each answers its
 * list in its own format (AWS's, Google Cloud's and Oracle's JSON, a CSV), and the command
 * writes the merged file the site reads; a provider that fails leaves the old file whole.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { inRanges } from "../app/clicks/address-ranges";
import { blocksOf, buildRangeFile, type Source } from "./update-datacentres";

const directory = mkdtempSync(path.join(tmpdir(), "datacentres-"));
const LISTS: Record<string, string> = {
  "/aws.json": JSON.stringify({
    prefixes: [{ ip_prefix: "3.0.0.0/15", region: "ap-southeast-1" }],
    ipv6_prefixes: [{ ipv6_prefix: "2600:1f00::/24" }],
  }),
  "/google.json": JSON.stringify({
    prefixes: [{ ipv4Prefix: "34.0.0.0/15" }, { ipv6Prefix: "2600:1900::/28" }],
  }),
  "/oracle.json": JSON.stringify({ regions: [{ cidrs: [{ cidr: "129.146.0.0/21" }] }] }),
  "/do.csv": "# DigitalOcean\n5.101.96.0/21,NL,NL-NH,Amsterdam,1098\n\n",
  "/empty.json": JSON.stringify({ prefixes: [] }),
};
let server: Server;
let origin = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = LISTS[req.url ?? ""];
    res.writeHead(body ? 200 : 503).end(body ?? "down");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(directory, { recursive: true, force: true });
});

const sources = (): Source[] => [
  { name: "aws", url: `${origin}/aws.json`, format: "aws" },
  { name: "google-cloud", url: `${origin}/google.json`, format: "google" },
  { name: "oracle-cloud", url: `${origin}/oracle.json`, format: "oracle" },
  { name: "digitalocean", url: `${origin}/do.csv`, format: "lines" },
];

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("npx", ["tsx", "scripts/update-datacentres.ts", ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run datacentres:update", () => {
  it("reads each provider's format", () => {
    expect(blocksOf("aws", LISTS["/aws.json"]!)).toEqual(["3.0.0.0/15", "2600:1f00::/24"]);
    expect(blocksOf("google", LISTS["/google.json"]!)).toEqual(["34.0.0.0/15", "2600:1900::/28"]);
    expect(blocksOf("oracle", LISTS["/oracle.json"]!)).toEqual(["129.146.0.0/21"]);
    expect(blocksOf("lines", LISTS["/do.csv"]!)).toEqual(["5.101.96.0/21"]);
  });

  it("merges every provider's list into the file the site reads", async () => {
    const data = await buildRangeFile(sources(), new Date("2026-11-28T10:00:00Z"));
    expect(data.updated).toBe("2026-11-28");
    expect(data.providers.map((provider) => [provider.name, provider.blocks])).toEqual([
      ["aws", 2],
      ["google-cloud", 2],
      ["oracle-cloud", 1],
      ["digitalocean", 1],
    ]);
    for (const address of ["3.1.2.3", "34.1.0.1", "129.146.7.255", "5.101.100.1", "2600:1f18::1"]) {
      expect(inRanges(data, address), address).toBe(true);
    }
    expect(inRanges(data, "81.32.10.20")).toBe(false);
  });

  it("writes nothing and exits 1 naming the provider that failed or sent no block", async () => {
    const out = path.join(directory, "ranges.json");
    const sourcesFile = path.join(directory, "sources.json");
    writeFileSync(sourcesFile, JSON.stringify({ sources: sources() }));
    const written = await run(["--sources", sourcesFile, "--out", out]);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain("aws");
    const before = readFileSync(out, "utf8");
    expect(JSON.parse(before).v4.length).toBe(4);

    for (const broken of [
      { name: "linode", url: `${origin}/gone.csv`, format: "lines" },
      { name: "changed", url: `${origin}/empty.json`, format: "aws" },
    ]) {
      writeFileSync(sourcesFile, JSON.stringify({ sources: [...sources(), broken] }));
      const failed = await run(["--sources", sourcesFile, "--out", out]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(`No se ha actualizado la lista: ${broken.name}`);
      expect(readFileSync(out, "utf8")).toBe(before);
    }
  }, 60_000);
});
