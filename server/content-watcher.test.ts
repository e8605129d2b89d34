import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { watchContent, type ContentWatcher } from "./content-watcher";

/** A wait long enough for file events on a busy machine; each wait ends as soon as it holds. */
const EVENT_WAIT = { timeout: 10_000, interval: 20 };
/** A test waits for at most four saves. */
const TEST_TIMEOUT = 4 * EVENT_WAIT.timeout + 5_000;

let root: string;
let watcher: ContentWatcher | undefined;
let saves: number;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "content-watcher-"));
  mkdirSync(path.join(root, "pages"));
  writeFileSync(path.join(root, "site.json"), "{}");
  writeFileSync(path.join(root, "pages", "vip.json"), "{}");
  saves = 0;
  watcher = watchContent(root, () => saves++, { settleMs: 10 });
});

afterEach(() => {
  watcher?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Saves `file` the way vim, JetBrains or `sed -i` do: a temporary file renamed over it. */
function atomicSave(file: string, text: string) {
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Waits for the save count to reach `count`. */
async function savesReach(count: number) {
  await vi.waitFor(() => expect(saves).toBeGreaterThanOrEqual(count), EVENT_WAIT);
}

describe("watchContent", { timeout: TEST_TIMEOUT }, () => {
  it("sees every later save of a file that was once saved by a rename over it", async () => {
    const vip = path.join(root, "pages", "vip.json");
    atomicSave(vip, '{"a":1}');
    await savesReach(1);
    const afterRename = saves;
    writeFileSync(vip, '{"a":2}');
    await savesReach(afterRename + 1);
    const afterWrite = saves;
    atomicSave(vip, '{"a":3}');
    await savesReach(afterWrite + 1);
    const afterSecondRename = saves;
    writeFileSync(vip, '{"a":4}');
    await savesReach(afterSecondRename + 1);
  });

  it("sees a save of the site file at the top of the folder", async () => {
    atomicSave(path.join(root, "site.json"), '{"b":1}');
    await savesReach(1);
    writeFileSync(path.join(root, "site.json"), '{"b":2}');
    await savesReach(2);
  });

  it("sees saves in a folder created after it started", async () => {
    const guides = path.join(root, "guides");
    mkdirSync(guides);
    // The folder's creation is itself a rename event; a page saved once it is watched counts.
    await vi.waitFor(() => {
      writeFileSync(path.join(guides, "guide.json"), "{}");
      expect(saves).toBeGreaterThanOrEqual(1);
    }, EVENT_WAIT);
  });
});
