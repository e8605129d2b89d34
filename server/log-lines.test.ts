import { describe, expect, it } from "vitest";

import { lineWriter } from "./log-lines";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("lineWriter", () => {
  it("writes the lines of one turn of the event loop in one write, at the next turn", async () => {
    const writes: string[] = [];
    const log = lineWriter(
      (text) => writes.push(text),
      () => {},
    );
    log("GET / 200 - 1.2 ms");
    log("GET /ir/bonos 302 - 0.4 ms");
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(["GET / 200 - 1.2 ms\nGET /ir/bonos 302 - 0.4 ms\n"]);
    log("HEAD / 200 - 0.9 ms");
    await nextTurn();
    expect(writes).toEqual([
      "GET / 200 - 1.2 ms\nGET /ir/bonos 302 - 0.4 ms\n",
      "HEAD / 200 - 0.9 ms\n",
    ]);
  });

  it("writes what waits when the process exits", () => {
    const writes: string[] = [];
    let atExit = () => {};
    const log = lineWriter(
      (text) => writes.push(text),
      (flush) => (atExit = flush),
    );
    log("GET / 200 - 1.2 ms");
    atExit();
    expect(writes).toEqual(["GET / 200 - 1.2 ms\n"]);
  });
});
