/**
 * A family's daily counts (./families.ts) recomputed from its facts by SQL `group by`: what
 * ./rollup.server.ts keeps up to date one batch at a time, in one pass here. For seeding
 * millions of facts fast (scripts/seed/ledger-seed.ts) and as a cross-check of the batch
 * counting: after it, the tables hold exactly what the facts say. The combinations are
 * counted with one scan of the facts, and the paired dimensions' daily and filter counts
 * from the far smaller combinations. Runs in one transaction.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";

import type { Database } from "../schema";

import { PRINT_LENGTH, PRINT_PAD, SAMPLE_FIRST } from "../visitor-prints";

import {
  columnOf,
  keepsPrints,
  PRINTS,
  SAMPLED_PRINTS,
  tablesOf,
  type RollupFamily,
} from "./families";

/** A column's value as the daily counts store it: "" when missing. */
export const stored = (column: string): RawBuilder<string> => sql`coalesce(${sql.ref(column)}, '')`;

const refs = (columns: readonly string[]) => columns.map((column) => sql.ref(column));

/**
 * Sets the combinations' prints: per row, the distinct prints of its facts' visitors
 * (people only where the family says so), and the sampled ones among them. string_agg is PostgreSQL's and SQLite's (3.44
 * and later) name for the same.
 */
async function addPrints(
  trx: Kysely<Database>,
  family: RollupFamily,
  combination: keyof Database,
): Promise<void> {
  const columns = [...family.paired.map(columnOf), ...family.keys];
  const perFact = [
    ...family.paired.map(columnOf).map((column) => sql`${stored(column)} as ${sql.ref(column)}`),
    ...refs(family.keys),
    sql`substr(visitor || ${PRINT_PAD}, 1, ${PRINT_LENGTH}) as print`,
  ];
  const people = family.visitors?.people ? sql`is_bot = 0` : sql`1 = 1`;
  const matched = ["day", ...columns].map(
    (column) => sql`${sql.table(combination)}.${sql.ref(column)} = prints.${sql.ref(column)}`,
  );
  const sampled = sql`substr(print, 1, 1) in (${sql.join([...SAMPLE_FIRST])})`;
  await sql`update ${sql.table(combination)}
    set ${sql.ref(PRINTS)} = prints.visitors,
      ${sql.ref(SAMPLED_PRINTS)} = coalesce(prints.sampled, '')
    from (
      select day, ${sql.join(refs(columns))}, string_agg(print, '') as visitors,
        string_agg(case when ${sampled} then print end, '') as sampled
      from (select distinct day, ${sql.join(perFact)} from ${sql.table(family.fact)}
        where ${people}) as distinct_prints
      group by day, ${sql.join(refs(columns))}
    ) as prints
    where ${sql.join(matched, sql` and `)}`.execute(trx);
}

/** Replaces every daily count of `family` with the counts of its facts. */
export async function rebuildDailyCounts(
  db: Kysely<Database>,
  family: RollupFamily,
): Promise<void> {
  const measures = Object.keys(family.measures);
  /** A measure summed over the facts themselves. */
  const fromFacts = measures.map((name) => {
    const measure = family.measures[name]!;
    return "count" in measure ? sql`count(*)` : sql`sum(${sql.ref(measure.sum)})`;
  });
  /** A measure summed over rows that already count facts (the combinations). */
  const fromCounts = measures.map((name) => sql`sum(${sql.ref(name)})`);
  const keys = refs(family.keys);
  const counted = family.visitors?.counted;
  const visitorsOf = (dimension: string) =>
    counted === undefined
      ? []
      : [
          dimension === family.total || dimension === "page"
            ? sql`count(distinct visitor)`
            : sql`0`,
        ];
  const measureColumns = refs(counted ? [...measures, counted] : measures);

  await db.transaction().execute(async (trx) => {
    for (const table of tablesOf(family)) await sql`delete from ${sql.table(table)}`.execute(trx);
    // Every fact is in the counts below, those still waiting to be counted included.
    if (family.countedLater) {
      const column = sql.ref(family.countedLater);
      await sql`update ${sql.table(family.fact)} set ${column} = 1 where ${column} = 0`.execute(
        trx,
      );
    }

    const combination = family.tables.combination;
    const pairedColumns = family.paired.map(columnOf);
    if (combination) {
      const values = pairedColumns.map(stored);
      await sql`insert into ${sql.table(combination)}
          (day, ${sql.join([...refs(pairedColumns), ...keys, ...refs(measures)])})
        select day, ${sql.join([...values, ...keys, ...fromFacts])} from ${sql.table(family.fact)}
        group by ${sql.join([sql.ref("day"), ...values, ...keys])}`.execute(trx);
      if (keepsPrints(family)) await addPrints(trx, family, combination);
    }

    const daily = sql.table(family.tables.daily);
    const dailyColumns = sql.join([
      sql.ref("day"),
      sql.ref("dimension"),
      sql.ref("value"),
      ...keys,
      ...measureColumns,
    ]);
    if (family.total) {
      await sql`insert into ${daily} (${dailyColumns})
        select day, ${family.total}, '', ${sql.join([...keys, ...fromFacts, ...visitorsOf(family.total)])}
        from ${sql.table(family.fact)} group by ${sql.join([sql.ref("day"), ...keys])}`.execute(
        trx,
      );
    }
    for (const dimension of family.dimensions) {
      // Distinct visitors need the facts; a paired dimension's counts come from the
      // combinations when the family keeps them.
      const fromCombinations =
        combination !== undefined &&
        family.paired.includes(dimension) &&
        visitorsOf(dimension).length === 0;
      const value = fromCombinations ? sql.ref(columnOf(dimension)) : stored(columnOf(dimension));
      await sql`insert into ${daily} (${dailyColumns})
        select day, ${dimension}, ${value}, ${sql.join([
          ...keys,
          ...(fromCombinations ? fromCounts : fromFacts),
          ...visitorsOf(dimension),
        ])}
        from ${sql.table(fromCombinations ? combination : family.fact)}
        group by ${sql.join([sql.ref("day"), value, ...keys])}`.execute(trx);
    }

    const filterSource = combination ?? family.fact;
    for (const filter of family.paired) {
      for (const dimension of family.paired) {
        const [filterValue, value] = [filter, dimension].map((name) =>
          combination ? sql.ref(columnOf(name)) : stored(columnOf(name)),
        ) as [RawBuilder<string>, RawBuilder<string>];
        await sql`insert into ${sql.table(family.tables.filter)}
            (day, filter_dimension, filter_value, dimension, value, ${sql.join([...keys, ...refs(measures)])})
          select day, ${filter}, ${filterValue}, ${dimension}, ${value},
            ${sql.join([...keys, ...(combination ? fromCounts : fromFacts)])}
          from ${sql.table(filterSource)}
          group by ${sql.join([sql.ref("day"), filterValue, value, ...keys])}`.execute(trx);
      }
    }

    const visitors = family.visitors;
    if (!visitors) return;
    const people = visitors.people ? sql`is_bot = 0` : sql`1 = 1`;
    let days = sql`1 = 1`;
    if (visitors.keepDays !== undefined) {
      const recent = await sql<{ day: string }>`select distinct day from ${sql.table(family.fact)}
        order by day desc limit ${visitors.keepDays}`.execute(trx);
      if (recent.rows.length === 0) return;
      days = sql`day in (${sql.join(recent.rows.map((row) => row.day))})`;
    }
    const facts = sql.table(family.fact);
    await (
      visitors.byPage
        ? sql`insert into ${sql.table(visitors.table)} (day, page, visitor)
          select distinct day, page, visitor from ${facts} where ${people} and ${days}
          union select distinct day, '', visitor from ${facts} where ${people} and ${days}`
        : sql`insert into ${sql.table(visitors.table)} (day, visitor)
          select distinct day, visitor from ${facts} where ${people} and ${days}`
    ).execute(trx);
  });
}
