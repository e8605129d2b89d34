// @vitest-environment jsdom-node-fetch
/**
 * Device classes reach the marketer in Spanish: the device ranking's rows, their filter
 * links' titles and the active filter's chip say «móvil», «ordenador», «tableta», while the
 * URL keeps the stored code (`device=mobile`), as the ledger and the exports do.
 */
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { RankedRow } from "~/reports/dashboard.server";
import { readView } from "~/reports/query";
import { valueName } from "~/admin/value-names";

import { ViewFilters } from "./filters";
import { RankTable } from "./rank-table";

const row = (value: string, clicks: number): RankedRow => ({
  value,
  orphan: false,
  label: null,
  clicks,
  share: clicks / 100,
  registrations: 0,
  ftds: 0,
  commission: 0,
  otherCommission: {},
  epc: null,
  views: null,
  visitors: null,
  ctr: null,
  rpm: null,
});

function renderAt(search: string, element: (view: ReturnType<typeof readView>) => JSX.Element) {
  const view = readView(new URLSearchParams(search), "2026-11-22");
  const Stub = createRemixStub([{ path: "/admin", Component: () => element(view) }]);
  return render(<Stub initialEntries={[`/admin?${search}`]} />);
}

describe("device values in Spanish", () => {
  it("names each stored device class in Spanish, and leaves other values as they are", () => {
    expect(
      ["mobile", "desktop", "tablet", "other"].map((code) => valueName("device", code)),
    ).toEqual(["móvil", "ordenador", "tableta", "otro"]);
    expect(valueName("browser", "other")).toBe("otro");
    expect(valueName("browser", "Chrome")).toBe("Chrome");
    expect(valueName("campaign", "mobile")).toBe("mobile");
  });

  it("the device ranking shows móvil, ordenador and tableta, its links filter by the code", () => {
    const rows = [row("mobile", 60), row("desktop", 30), row("tablet", 10)];
    renderAt("period=7d", (view) => (
      <RankTable name="device" ranking={{ rows, total: rows.length }} view={view} />
    ));
    const table = screen.getByRole("table");
    const links = within(table).getAllByRole("link", { name: /^(móvil|ordenador|tableta)$/ });
    expect(links.map((link) => link.textContent)).toEqual(["móvil", "ordenador", "tableta"]);
    expect(links[0]!.getAttribute("href")).toBe("/admin?period=7d&device=mobile");
    expect(links[0]!.getAttribute("title")).toBe("Filtrar por dispositivo: móvil");
    expect(table.textContent).not.toMatch(/\b(mobile|desktop|tablet)\b/);
  });

  it("the active device filter's chip says móvil", () => {
    renderAt("period=7d&device=mobile", (view) => <ViewFilters view={view} />);
    const chip = screen.getByRole("link", { name: "Quitar el filtro Dispositivo: móvil" });
    expect(chip.textContent).toBe("Dispositivo: móvil ×");
  });
});
