/**
 * Part of `npm run build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text
 * file in public/ (the build's assets included), at the best compression levels, once.
 * The server sends these copies as they are (server/static-files.ts), so no static
 * request pays for compression. A copy that is not smaller than its file is not written.
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing; images other than SVG are compressed already. */
export const COMPRESSIBLE = new Set([
  ".js",
  ".css",
  ".map",
  ".json",
  ".svg",
  ".txt",
  ".xml",
  ".ico",
]);

async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every compressible file under `directory`; returns how many copies it wrote. */
export async function precompress(directory: string): Promise<{ files: number; copies: number }> {
  let files = 0;
  let copies = 0;
  for await (const file of filesUnder(directory)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    files++;
    const body = await readFile(file);
    const encoded = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    for (const [extension, copy] of [
      [".br", encoded[0]],
      [".gz", encoded[1]],
    ] as const) {
      if (copy.length < body.length) {
        await writeFile(`${file}${extension}`, copy);
        copies++;
      } else {
        await rm(`${file}${extension}`, { force: true });
      }
    }
  }
  return { files, copies };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const publicDirectory = path.resolve("public");
  const { files, copies } = await precompress(publicDirectory);
  console.log(`precompressed ${files} files in public/ (${copies} .br/.gz copies)`);
}
