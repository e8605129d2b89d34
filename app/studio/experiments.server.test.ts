/** The experiments a block's editor shows: running between start and end, shares in percent. */
import { describe, expect, it } from "vitest";

import { experimentsOf } from "./experiments.server";

const site = (experiment: Record<string, unknown>) => ({
  experiments: [
    {
      name: "home-h1",
      title: "Titular",
      start: "2026-11-01T00:00:00+01:00",
      variants: [
        { id: "A", label: "Control", weight: 3 },
        { id: "B", label: "Marca", weight: 1 },
      ],
      ...experiment,
    },
  ],
});
const at = (text: string) => Date.parse(text);

describe("experimentsOf", () => {
  it("is running from its start until its end, with each variant's share", () => {
    expect(experimentsOf(site({}), at("2026-11-27T12:00:00Z"))).toEqual({
      "home-h1": {
        title: "Titular",
        running: true,
        winner: null,
        variants: [
          { id: "A", label: "Control", share: 75 },
          { id: "B", label: "Marca", share: 25 },
        ],
      },
    });
    expect(experimentsOf(site({}), at("2026-10-31T22:59:59Z"))["home-h1"]?.running).toBe(false);
    const ended = experimentsOf(
      site({ end: "2026-11-20T00:00:00+01:00", winner: "B" }),
      at("2026-11-27T12:00:00Z"),
    )["home-h1"];
    expect([ended?.running, ended?.winner]).toEqual([false, "B"]);
  });

  it("reads settings without experiments, or with a broken one, as none", () => {
    expect(experimentsOf(null, 0)).toEqual({});
    expect(experimentsOf({ experiments: [{ title: "sin nombre" }] }, 0)).toEqual({});
  });
});
