/**
 * `npm run datacentres:update`: fetches each cloud provider's published list of its
 * address ranges (lists/datacentre-sources.json), merges them and writes
 * lists/datacentre-ranges.json, which the site reads to flag clicks from a data centre
 * (app/clicks/data-centres.server.ts; a running server picks the new file up within a
 * minute). Every list must arrive and parse: if one fails, nothing is written and the
 * command exits 1 naming it, so the previous file stays whole. Each fetch is bounded in
 * time and size. Options: --sources <file>, --out <file>.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import { rangesOfCidrs } from "../app/clicks/address-ranges";
import { DEFAULT_RANGES_FILE, type DataCentreFile } from "../app/clicks/data-centres.server";

export type Source = { name: string; url: string; format: "aws" | "google" | "oracle" | "lines" };

const FETCH_MS = 30_000;
const MAX_BYTES = 50 * 1024 * 1024;

/** The CIDR blocks of one list, read in its provider's format. */
export function blocksOf(format: Source["format"], text: string): string[] {
  if (format === "lines") {
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"))
      .map((line) => line.split(",")[0]!.trim());
  }
  const data = JSON.parse(text) as Record<string, unknown>;
  const list = (value: unknown): Record<string, unknown>[] =>
    Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const texts = (values: unknown[]) =>
    values.filter((value): value is string => typeof value === "string");
  if (format === "aws") {
    return texts([
      ...list(data.prefixes).map((prefix) => prefix.ip_prefix),
      ...list(data.ipv6_prefixes).map((prefix) => prefix.ipv6_prefix),
    ]);
  }
  if (format === "google") {
    return texts(list(data.prefixes).map((prefix) => prefix.ipv4Prefix ?? prefix.ipv6Prefix));
  }
  return texts(list(data.regions).flatMap((region) => list(region.cidrs).map((cidr) => cidr.cidr)));
}

async function download(source: Source): Promise<string> {
  const response = await fetch(source.url, {
    signal: AbortSignal.timeout(FETCH_MS),
    headers: { "user-agent": "brisamar-datacentre-update/1" },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
  return text;
}

/**
 * Fetches and merges every source; throws naming the first that cannot be fetched, read or
 * that gives no block at all (a provider's format changed).
 */
export async function buildRangeFile(sources: readonly Source[], now = new Date()) {
  const providers: DataCentreFile["providers"] = [];
  const blocks: string[] = [];
  for (const source of sources) {
    let found: string[];
    try {
      found = blocksOf(source.format, await download(source));
    } catch (error) {
      throw new Error(`${source.name} (${source.url}): ${(error as Error).message}`);
    }
    const { invalid } = rangesOfCidrs(found);
    const valid = found.length - invalid.length;
    if (valid === 0) throw new Error(`${source.name} (${source.url}): no address block in it`);
    providers.push({ name: source.name, url: source.url, blocks: valid });
    blocks.push(...found);
  }
  const { v4, v6 } = rangesOfCidrs(blocks);
  const file: DataCentreFile = { updated: now.toISOString().slice(0, 10), providers, v4, v6 };
  return file;
}

/** Writes the file whole (a temporary file renamed over it). */
export function writeRangeFile(file: string, data: DataCentreFile): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(temporary, file);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      sources: { type: "string", default: "lists/datacentre-sources.json" },
      out: { type: "string", default: DEFAULT_RANGES_FILE },
    },
  });
  const { sources } = JSON.parse(readFileSync(values.sources!, "utf8")) as { sources: Source[] };
  let data: DataCentreFile;
  try {
    data = await buildRangeFile(sources);
  } catch (error) {
    console.error(`No se ha actualizado la lista: ${(error as Error).message}`);
    return 1;
  }
  writeRangeFile(path.resolve(values.out!), data);
  for (const provider of data.providers) {
    console.log(`${provider.name.padEnd(14)} ${String(provider.blocks).padStart(6)} bloques`);
  }
  console.log(
    `${values.out}: ${data.v4.length} intervalos IPv4 y ${data.v6.length} IPv6 (${data.updated})`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
