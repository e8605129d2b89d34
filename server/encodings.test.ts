import { describe, expect, it } from "vitest";

import { acceptedEncodings, preferredEncoding } from "./encodings";

describe("preferredEncoding", () => {
  const all = { br: true, gzip: true };

  it("prefers Brotli, then gzip, then none", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd", all)).toBe("br");
    expect(preferredEncoding("gzip", all)).toBe("gzip");
    expect(preferredEncoding(undefined, all)).toBe("identity");
    expect(preferredEncoding("br", { gzip: true })).toBe("identity");
  });

  it("respects the client's q-values", () => {
    expect(preferredEncoding("br;q=0.1, gzip;q=0.9", all)).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0", all)).toBe("identity");
  });

  it("remembers a bounded number of distinct headers", () => {
    for (let index = 0; index < 1_000; index++)
      acceptedEncodings(`gzip;q=0.${index % 10}, x${index}`);
    expect(acceptedEncodings("gzip")).toEqual(["gzip", "identity"]);
  });
});
