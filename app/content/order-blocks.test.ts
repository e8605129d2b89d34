import { describe, expect, it } from "vitest";

import { orderBlocks } from "./order-blocks";

describe("orderBlocks", () => {
  it("sorts blocks by ascending order value", () => {
    const blocks = [
      { order: 3, id: "c" },
      { order: 1, id: "a" },
      { order: 2, id: "b" },
    ];
    expect(orderBlocks(blocks).map((block) => block.id)).toEqual(["a", "b", "c"]);
  });

  it("keeps file order for blocks that share an order value", () => {
    const blocks = [
      { order: 2, id: "first-2" },
      { order: 1, id: "only-1" },
      { order: 2, id: "second-2" },
      { order: 2, id: "third-2" },
    ];
    expect(orderBlocks(blocks).map((block) => block.id)).toEqual([
      "only-1",
      "first-2",
      "second-2",
      "third-2",
    ]);
  });

  it("does not mutate its input", () => {
    const blocks = [{ order: 2 }, { order: 1 }];
    orderBlocks(blocks);
    expect(blocks).toEqual([{ order: 2 }, { order: 1 }]);
  });
});
