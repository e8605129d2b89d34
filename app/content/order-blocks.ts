/**
 * Body blocks render in ascending `order`. Array#sort is stable, so blocks that share an
 * order value keep the order they have in the content file.
 */
export function orderBlocks<Block extends { order: number }>(blocks: readonly Block[]): Block[] {
  return [...blocks].sort((a, b) => a.order - b.order);
}
