import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it, vi } from "vitest";

import { rangesOfCidrs } from "./address-ranges";
import { dataCentres, DEFAULT_RANGES_FILE, readRangeFile } from "./data-centres.server";

const directory = mkdtempSync(path.join(tmpdir(), "data-centres-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function write(file: string, cidrs: string[], mtime: number) {
  const { v4, v6 } = rangesOfCidrs(cidrs);
  writeFileSync(file, JSON.stringify({ updated: "2026-11-28", providers: [], v4, v6 }));
  utimesSync(file, mtime / 1000, mtime / 1000);
}

describe("the data-centre ranges", () => {
  it("ships a list the site reads: the providers' published ranges", () => {
    const lists = readRangeFile(DEFAULT_RANGES_FILE);
    expect(lists.v4.length).toBeGreaterThan(1_000);
    expect(lists.v6.length).toBeGreaterThan(1_000);
    const shipped = dataCentres(path.resolve(DEFAULT_RANGES_FILE));
    // AWS's 3.0.0.0/15 (ap-southeast-1) and a home address in Spain.
    expect(shipped.has("3.0.4.5")).toBe(true);
    expect(shipped.has("81.32.10.20")).toBe(false);
  });

  it("reads the file again when it changes, looked at once a minute at most", () => {
    const file = path.join(directory, "ranges.json");
    const t = Date.parse("2026-11-28T10:00:00Z");
    write(file, ["192.0.2.0/24"], t);
    const ranges = dataCentres(file);
    expect(ranges.has("192.0.2.9", t)).toBe(true);
    write(file, ["198.51.100.0/24"], t + 5_000);
    // Within the minute the list in memory answers; after it, the new file.
    expect(ranges.has("192.0.2.9", t + 30_000)).toBe(true);
    expect(ranges.has("192.0.2.9", t + 61_000)).toBe(false);
    expect(ranges.has("198.51.100.7", t + 61_000)).toBe(true);
  });

  it("answers no for every address when the file is missing or not a list, and says so", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = path.join(directory, "broken.json");
    writeFileSync(broken, '{"v4": "no"}');
    expect(dataCentres(broken).has("3.0.4.5")).toBe(false);
    expect(dataCentres(path.join(directory, "missing.json")).has("3.0.4.5")).toBe(false);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining("broken.json: it has no v4 and v6 lists"),
      expect.stringContaining("missing.json"),
    ]);
    errors.mockRestore();
  });
});
