import { describe, expect, it } from "vitest";

import { addDays, DEFAULT_FIGURES, daysIn, readView, viewSearch } from "./query";
import { todayIn } from "./reporting-day";

const view = (query: string, today = "2026-03-15") => readView(new URLSearchParams(query), today);

describe("readView", () => {
  it("defaults to the last 30 days, compared with the 30 before", () => {
    const { period, range, previous, notice } = view("");
    expect(period).toBe("30d");
    expect(range).toEqual({ from: "2026-02-14", to: "2026-03-15" });
    expect(previous).toEqual({ from: "2026-01-15", to: "2026-02-13" });
    expect(daysIn(range)).toBe(30);
    expect(daysIn(previous)).toBe(30);
    expect(notice).toBeNull();
  });

  it.each([
    ["today", "2026-03-15", "2026-03-15", "2026-03-14", "2026-03-14"],
    ["7d", "2026-03-09", "2026-03-15", "2026-03-02", "2026-03-08"],
    ["month", "2026-03-01", "2026-03-15", "2026-02-14", "2026-02-28"],
    ["last-month", "2026-02-01", "2026-02-28", "2026-01-04", "2026-01-31"],
  ])("%s", (period, from, to, previousFrom, previousTo) => {
    const result = view(`period=${period}`);
    expect(result.range).toEqual({ from, to });
    expect(result.previous).toEqual({ from: previousFrom, to: previousTo });
  });

  it("last month across a year boundary", () => {
    expect(view("period=last-month", "2026-01-10").range).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });

  it("a custom range, and a clear fallback for a bad one", () => {
    expect(view("period=custom&from=2026-01-01&to=2026-01-31").range).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    for (const bad of [
      "period=custom&from=2026-02-30&to=2026-03-01",
      "period=custom&from=2026-03-02&to=2026-03-01",
      "period=custom&from=2024-01-01&to=2026-03-01",
      "period=custom&from=<script>&to=x",
      "period=custom&from=2026-13-45&to=2026-12-01",
      "period=custom&from=2026-01-01&to=9999-99-99",
      "from=2026-13-45",
    ]) {
      const result = view(bad);
      expect(result.period, bad).toBe("30d");
      expect(result.range, bad).toEqual(view("").range);
      expect(result.problem, bad).toBe("Fechas no válidas (desde ≤ hasta, como mucho 400 días)");
      expect(result.notice, bad).toBe(`${result.problem}: se muestran los últimos 30 días.`);
    }
    expect(view("period=forever").problem).toBe("Periodo desconocido");
    expect(view("period=forever").notice).toMatch(/^Periodo desconocido: /);
    expect(view("period=7d").problem).toBeNull();
  });

  it("dates without a period ask for them; with another period they are left aside", () => {
    expect(view("from=2026-01-01&to=2026-01-31")).toMatchObject({
      period: "custom",
      range: { from: "2026-01-01", to: "2026-01-31" },
      problem: null,
    });
    // The dashboard's form always sends its period with the dates.
    expect(view("period=7d&from=2026-13-45&to=x")).toMatchObject({ period: "7d", problem: null });
  });

  it("filters compose and survive the round trip through the URL", () => {
    const result = view("page=/bonos&campaign=verano&bots=1&country=ES&unknown=x");
    expect(result.filters).toEqual({ page: "/bonos", campaign: "verano", country: "ES" });
    expect(result.bots).toBe(true);
    expect(viewSearch(result)).toBe("?page=%2Fbonos&campaign=verano&country=ES&bots=1");
    expect(viewSearch(result, { campaign: undefined, bots: undefined })).toBe(
      "?page=%2Fbonos&country=ES",
    );
    const custom = view("period=custom&from=2026-01-01&to=2026-01-31&device=mobile");
    expect(readView(new URLSearchParams(viewSearch(custom).slice(1)), "2026-03-15")).toEqual(
      custom,
    );
  });
});

describe("the rankings' order, «ver todos» and the chart", () => {
  it("read what the URL asks for, and the defaults for anything else", () => {
    expect(view("sort=commission&all=subid&chart=commission")).toMatchObject({
      sort: "commission",
      all: "subid",
      chart: "commission",
    });
    for (const bad of ["sort=clicks;drop&all=visitor&chart=pie", "sort=&all=&chart=", ""]) {
      expect(view(bad), bad).toMatchObject({ sort: "clicks", all: null, chart: "clicks" });
    }
    expect(view("sort=epc").sort).toBe("epc");
  });

  it("survive the round trip through the URL, defaults left out", () => {
    const sorted = view("period=7d&device=mobile&sort=ftds&all=link&chart=commission");
    expect(viewSearch(sorted)).toBe("?period=7d&device=mobile&sort=ftds&all=link&chart=commission");
    expect(readView(new URLSearchParams(viewSearch(sorted).slice(1)), "2026-03-15")).toEqual(
      sorted,
    );
    expect(viewSearch(sorted, { sort: "clicks", all: undefined, chart: "clicks" })).toBe(
      "?period=7d&device=mobile",
    );
    expect(viewSearch(view(""), { all: "subid" })).toBe("?all=subid");
  });
});

describe("days", () => {
  it("adds days across months and leap years, and knows today in a time zone", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(todayIn("Europe/Madrid", new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-15");
    expect(todayIn("UTC", new Date("2026-03-14T23:30:00Z"))).toBe("2026-03-14");
  });
});

describe("the rankings' figures (col=)", () => {
  it("shows the funnel when the URL names none, and writes nothing for it", () => {
    expect(view("").figures).toEqual([...DEFAULT_FIGURES]);
    expect(viewSearch(view(""))).toBe("");
  });

  it("reads repeated or comma-separated names in the rankings' order, each once", () => {
    expect(view("col=commission&col=clicks&col=clicks").figures).toEqual(["clicks", "commission"]);
    expect(view("col=rpm,views, epc").figures).toEqual(["views", "epc", "rpm"]);
    expect(viewSearch(view("col=rpm,views&period=7d"))).toBe("?period=7d&col=views&col=rpm");
  });

  it("leaves unknown names out and falls back to the default without any known one, never a problem", () => {
    expect(view("col=clicks&col=<script>&col=__proto__").figures).toEqual(["clicks"]);
    for (const bad of ["col=", "col=nada", "col=%00", `col=${"x,".repeat(5000)}`]) {
      const result = view(bad);
      expect(result.figures, bad).toEqual([...DEFAULT_FIGURES]);
      expect(result.problem, bad).toBeNull();
    }
  });

  it("keeps the figures through every other change of the view", () => {
    const chosen = view("col=clicks&col=epc&country=ES");
    expect(viewSearch(chosen, { sort: "epc", country: undefined })).toBe(
      "?sort=epc&col=clicks&col=epc",
    );
  });
});
