/** `items` in consecutive slices of at most `size` (queries stay below parameter limits). */
export function* chunked<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
