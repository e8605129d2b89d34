/** The sealed file between preview and confirmation: it opens as it was, and only so. */
import { describe, expect, it } from "vitest";

import { openImport, SEAL_TTL_MS, sealImport } from "./import-seal.server";

const TEXT = "click_id;event;date\nabc;registration;2026-11-01\n";

describe("sealImport and openImport", () => {
  it("gives back the previewed text, compressed in between", () => {
    const big = TEXT.repeat(1000);
    const sealed = sealImport(big, 1_000);
    expect(sealed.length).toBeLessThan(big.length / 10);
    expect(openImport(sealed, 2_000)).toBe(big);
  });

  it("refuses an altered file, time or signature, a forgery and an expired preview", () => {
    const sealed = sealImport(TEXT, 1_000);
    const [issued, signature, payload] = sealed.split(".") as [string, string, string];
    const other = sealImport("click_id;event;date\nxyz;ftd;2026-11-01\n", 1_000).split(".")[2];
    expect(openImport(`${issued}.${signature}.${other}`, 2_000)).toBeNull();
    expect(openImport(`9${issued}.${signature}.${payload}`, 2_000)).toBeNull();
    expect(openImport(`${issued}.${signature.slice(1)}x.${payload}`, 2_000)).toBeNull();
    expect(openImport(`${issued}..${payload}`, 2_000)).toBeNull();
    expect(openImport("garbage", 2_000)).toBeNull();
    expect(openImport(sealed, 1_000 + SEAL_TTL_MS + 1)).toBeNull();
    expect(openImport(sealed, 999)).toBeNull();
  });
});
