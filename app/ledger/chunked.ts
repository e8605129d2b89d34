/** `items` in consecutive slices of at most `size` (queries stay below parameter limits). */
export function* chunked<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * Every row a keyset-paged query gives, in id order: `page(after)` reads the next rows
 * with an id above `after` (the previous page's last), until one comes back empty. An
 * export streams a year of rows this way without holding them, and without OFFSET's cost.
 */
export async function* pagesById<Row extends { id: unknown }>(
  page: (after: number) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield* rows;
    after = Number(rows[rows.length - 1]!.id);
  }
}
