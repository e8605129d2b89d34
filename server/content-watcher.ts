/**
 * `npm run dev` only: calls back once per save of a JSON file in the content folder.
 *
 * It watches the folder and each folder inside it, never the files: many editors save by
 * writing a temporary file and renaming it over the original (vim, JetBrains' "safe
 * write", Sublime, `sed -i`), and a watch on a file follows the file that was replaced,
 * so later saves would go unseen. A folder's watch reports the rename by the file's name.
 * A folder created or removed later is picked up at the next rename event.
 */
import { readdirSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

export type ContentWatcher = { close(): void };

/** The folder and every folder inside it (a folder that cannot be read is skipped). */
function foldersOf(root: string): string[] {
  const found = [root];
  for (let index = 0; index < found.length; index++) {
    let entries;
    try {
      entries = readdirSync(found[index]!, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) found.push(path.join(found[index]!, entry.name));
    }
  }
  return found;
}

/**
 * Watches `root` for saves of `*.json` files. The events of one save (write, rename,
 * change: an editor may cause several) arrive as one call, `settleMs` after the last.
 */
export function watchContent(
  root: string,
  onSave: () => void,
  { settleMs = 50 }: { settleMs?: number } = {},
): ContentWatcher {
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const saved = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!closed) onSave();
    }, settleMs);
  };

  /** Watches the folders that exist now and drops the watches of those that are gone. */
  const rescan = () => {
    if (closed) return;
    const folders = new Set(foldersOf(root));
    for (const [folder, watcher] of watchers) {
      if (!folders.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, (event, file) => {
          if (event === "rename") rescan();
          if (file?.endsWith(".json")) saved();
        });
        // A folder removed while watched: its watch ends; the next rescan forgets it.
        watcher.on("error", () => {
          watcher.close();
          watchers.delete(folder);
        });
        watchers.set(folder, watcher);
      } catch {
        // Removed between the listing and the watch.
      }
    }
  };

  rescan();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
