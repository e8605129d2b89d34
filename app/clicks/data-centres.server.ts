/**
 * The data-centre address ranges a click's address is checked against (docs/
 * click-flags.md): the cloud providers' published lists, merged into one file by
 * `npm run datacentres:update` (scripts/update-datacentres.ts) and shipped with the site,
 * lists/datacentre-ranges.json (or DATACENTRE_RANGES_FILE, read by the server). The file is read on the first
 * click and read again when it changes (looked at once a minute at most), so an update
 * needs no restart. The address is only compared, never kept.
 */
import { readFileSync, statSync } from "node:fs";

import { inRanges, type RangeLists } from "./address-ranges";

/** What the update command writes. */
export type DataCentreFile = RangeLists & {
  /** When the lists were fetched (ISO date). */
  updated: string;
  /** Each provider's list: where it came from and how many blocks it had. */
  providers: { name: string; url: string; blocks: number }[];
};

/** Where the update command writes the ranges, and the server reads them by default. */
export const DEFAULT_RANGES_FILE = "lists/datacentre-ranges.json";
const RECHECK_MS = 60_000;
const NONE: RangeLists = { v4: [], v6: [] };

/**
 * Reads the file as the update command wrote it; a file that is missing or not one gives
 * no ranges (and a line in the log), never a throw: a click is recorded either way.
 */
export function readRangeFile(file: string): RangeLists {
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as Partial<DataCentreFile>;
    const strings = (value: unknown) =>
      Array.isArray(value) && value.every((item) => typeof item === "string") ? value : null;
    const v4 = strings(data.v4);
    const v6 = strings(data.v6);
    if (!v4 || !v6) throw new Error("it has no v4 and v6 lists of ranges");
    return { v4, v6 };
  } catch (error) {
    console.error(`[click-flags] no data-centre ranges from ${file}: ${(error as Error).message}`);
    return NONE;
  }
}

/** A data-centre check over `file`, read again when its modification time changes. */
export function dataCentres(file: string) {
  let lists: RangeLists | null = null;
  let modified = -1;
  let checked = Number.NEGATIVE_INFINITY;

  function current(now: number): RangeLists {
    if (lists && now - checked < RECHECK_MS) return lists;
    checked = now;
    let stamp = -1;
    try {
      stamp = statSync(file).mtimeMs;
    } catch {
      // Missing: readRangeFile says so once per change.
    }
    if (!lists || stamp !== modified) {
      modified = stamp;
      lists = readRangeFile(file);
    }
    return lists;
  }

  return {
    /** Whether the address is in a data centre's published ranges. */
    has(address: string, now = Date.now()): boolean {
      return inRanges(current(now), address);
    },
  };
}

export type DataCentres = ReturnType<typeof dataCentres>;
