/**
 * What the dashboard's reports read of the facts, by SQLite's query plans on a fresh
 * ledger (migrations included): the facts keep only the indexes a report reads
 * (migration 024), so every report that reads the clicks under a filter does it through
 * an index, never by scanning the table, and no report of the page views reads the views
 * themselves (their days, rankings and visitors are in the daily counts and combinations).
 */
import type { KyselyPlugin, RootOperationNode } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { testClick } from "../../tests/click-record";
import { sqlitePlan } from "../../tests/query-plan";
import { DIMENSIONS, setFilters, type Filters } from "~/ledger/dimensions";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { CLICKS } from "~/ledger/rollups/families";
import { rebuildDailyCounts } from "~/ledger/rollups/rebuild.server";

import { reportQueries } from "./clicks.server";

const RANGE = { from: "2026-11-01", to: "2026-11-30" };

/** Each filter set the dashboard reads a different way (table-decider.ts). */
const FILTER_SETS: [string, Filters][] = [
  ["one filter", { page: "/bonos" }],
  ["two filters", { page: "/bonos", device: "mobile" }],
  ["a sub-id", { subid: "s1" }],
  ["a sub-id and a page", { subid: "s1", page: "/bonos" }],
];

let database: LedgerDatabase;
let captured: { node: RootOperationNode; queryId: unknown }[];

/** The reports on the ledger's reader, every query they send kept to be explained. */
function capturingReports() {
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      captured.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return reportQueries(database.reader.withPlugin(plugin));
}

/** SQLite's plan of every query captured, one line each. */
async function plans(): Promise<string[]> {
  const executor = database.reader.getExecutor();
  return Promise.all(
    captured.map(async ({ node, queryId }) => {
      const compiled = executor.compileQuery(
        node,
        queryId as Parameters<typeof executor.compileQuery>[1],
      );
      return sqlitePlan(database.reader, compiled);
    }),
  );
}

beforeEach(async () => {
  database = await openLedgerDatabase(":memory:");
  captured = [];
  await database.db
    .insertInto("clicks")
    .values([
      testClick({ page: "/bonos", subid: "s1", click_id: "a".repeat(16) }),
      testClick({ page: "/", subid: "s2", click_id: "b".repeat(16), visitor: "v2" }),
    ])
    .execute();
  await rebuildDailyCounts(database.db, CLICKS);
});

afterEach(async () => {
  await database.close();
});

describe("the reports' reads of the facts", () => {
  for (const [name, filters] of FILTER_SETS) {
    it(`reads the clicks under ${name} through an index, with the sub-id ranking`, async () => {
      const reports = capturingReports();
      const days = await reports.days(RANGE, filters);
      const ranked = await reports.rankings(RANGE, filters, { subids: true });
      // The answer itself, so the plans below are of queries that counted.
      expect(days.reduce((sum, day) => sum + day.humans, 0)).toBe(1);
      expect(ranked.subid).toEqual([{ value: "s1", clicks: 1 }]);

      const read = (await plans()).filter((plan) => /\b(SCAN|SEARCH) clicks\b/.test(plan));
      expect(read.length).toBeGreaterThan(0);
      // An index led by a filtered column: the rows of the filter's value, not the days'.
      const columns = setFilters(filters).map(([dimension]) => DIMENSIONS[dimension].column);
      const led = new RegExp(
        `SEARCH clicks USING (COVERING )?INDEX clicks_\\w+ \\((${columns.join("|")})=\\?`,
      );
      for (const plan of read) {
        expect(plan).toMatch(led);
        expect(plan).not.toMatch(/\bSCAN clicks\b/);
      }
    });
  }

  for (const [name, filters] of [["no filter", {}] as [string, Filters], ...FILTER_SETS]) {
    it(`reads the page views' reports under ${name} without the views themselves`, async () => {
      const { views } = capturingReports();
      await views.days(RANGE, filters);
      await views.rankings(RANGE, filters);
      const read = await plans();
      for (const plan of read) expect(plan).not.toMatch(/\b(SCAN|SEARCH) views\b/);
    });
  }
});
