/**
 * The dashboard's reads: a database out of reach becomes a 503 with Retry-After (the
 * Spanish "try again" page), logged once; any other failure stays itself.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { readLedger } from "./ledger-read.server";

afterEach(() => vi.restoreAllMocks());

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
  code: "ECONNREFUSED",
});

describe("readLedger", () => {
  it("answers the read's value while the database answers", async () => {
    await expect(readLedger(() => Promise.resolve(42))).resolves.toBe(42);
  });

  it("turns an unreachable database into a 503 with Retry-After, logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const thrown = await readLedger(() => Promise.reject(refused)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect(Number((thrown as Response).headers.get("retry-after"))).toBeGreaterThan(0);
    expect((thrown as Response).headers.get("cache-control")).toBe("no-store");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("ECONNREFUSED"));
  });

  it("leaves any other failure as it is", async () => {
    const bug = new TypeError("cannot read properties of undefined");
    await expect(readLedger(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
