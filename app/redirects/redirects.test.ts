import { describe, expect, it } from "vitest";

import { movedPathsOf, redirectFor, redirectMap, settingsWithMoves } from "./redirects";

describe("the site's redirects", () => {
  const past = [
    { path: "/bonos", document: "pages/bonos" },
    { path: "/promociones", document: "pages/bonos" },
    { path: "/ofertas", document: "pages/bonos" },
    { path: "/vip", document: "pages/vip" },
    { path: "/viejo", document: "pages/retirada" },
  ];
  const current = new Map([
    ["pages/bonos", "/ofertas"],
    ["pages/vip", "/vip"],
  ]);

  it("sends every path a page had to its path now, in one hop", () => {
    const moved = movedPathsOf(past, current);
    expect(moved).toEqual([
      { from: "/bonos", to: "/ofertas" },
      { from: "/promociones", to: "/ofertas" },
    ]);
    const map = redirectMap(moved, [], new Set(["/ofertas", "/vip"]));
    expect(redirectFor(map, "/bonos")?.to).toBe("/ofertas");
    expect(redirectFor(map, "/promociones")?.to).toBe("/ofertas");
    // A page taken off the site leaves its old path a 404, not a redirect to nowhere.
    expect(redirectFor(map, "/viejo")).toBeNull();
  });

  it("never answers a path a page has taken again (no loop), and lets a manual one win", () => {
    const moved = [
      { from: "/bonos", to: "/ofertas" },
      { from: "/ofertas-2025", to: "/ofertas" },
    ];
    const map = redirectMap(
      moved,
      [
        { from: "/ofertas-2025", to: "/vip", note: "campaña" },
        { from: "/vip", to: "/ofertas" },
      ],
      new Set(["/bonos", "/ofertas", "/vip"]),
    );
    expect(redirectFor(map, "/bonos")).toBeNull();
    expect(redirectFor(map, "/vip")).toBeNull();
    expect(redirectFor(map, "/ofertas-2025")).toEqual({
      from: "/ofertas-2025",
      to: "/vip",
      kind: "manual",
      note: "campaña",
    });
  });

  it("sends a redirect to another redirect's path straight to the end, and drops a dead end", () => {
    const map = redirectMap(
      [{ from: "/bonos", to: "/ofertas" }],
      [
        { from: "/promo", to: "/bonos" },
        { from: "/a", to: "/b" },
        { from: "/b", to: "/a" },
      ],
      new Set(["/ofertas"]),
    );
    expect(redirectFor(map, "/promo")?.to).toBe("/ofertas");
    expect(redirectFor(map, "/a")).toBeNull();
    expect(redirectFor(map, "/b")).toBeNull();
  });

  it("writes a page's old paths among the exported settings' redirects, once", () => {
    const site = { brand_name: "B", redirects: [{ from: "/promo", to: "/ofertas" }] };
    const moved = [
      { from: "/bonos", to: "/ofertas" },
      { from: "/promo", to: "/ofertas" },
    ];
    expect(settingsWithMoves(site, moved, new Set(["/ofertas"]))).toEqual({
      brand_name: "B",
      redirects: [
        { from: "/promo", to: "/ofertas" },
        { from: "/bonos", to: "/ofertas", note: "La página cambió de ruta" },
      ],
    });
    expect(settingsWithMoves(site, [], new Set(["/ofertas"]))).toBe(site);
  });

  it("finds a redirect by the path as sent and in lower case without a trailing slash", () => {
    const map = redirectMap([], [{ from: "/bonos-verano", to: "/bonos" }], new Set(["/bonos"]));
    expect(redirectFor(map, "/bonos-verano")?.to).toBe("/bonos");
    expect(redirectFor(map, "/Bonos-Verano/")?.to).toBe("/bonos");
    expect(redirectFor(map, "/bonos-veran")).toBeNull();
  });
});
