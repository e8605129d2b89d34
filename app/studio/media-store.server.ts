/**
 * The media library's storage (migration 017, decision 022): images and their files in the
 * ledger's database, so every instance serves the same files and a backup holds them. The
 * content's checks are synchronous, so each instance keeps the list of files and their
 * sizes in memory (`lookup`), read again when the library changes on any instance (`sync`,
 * from server/content-sync.ts); the bytes are read when a file is asked for.
 */
import type { Kysely } from "kysely";

import type { MediaLookup } from "~/content/content-files.server";
import type { Dimensions } from "~/content/schema/context";
import type { Database } from "~/ledger/schema";

import { srcsetOf, type ProcessedMedia } from "./media.server";

export type MediaItem = {
  id: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  uploadedBytes: number;
  author: string;
  at: number;
  /** Narrowest first; the last is the largest. */
  files: Array<{ path: string; width: number; height: number; bytes: number }>;
};

/** What an image field holds once an image of the library is chosen. */
export type ChosenImage = {
  url: string;
  alt: string;
  width: number;
  height: number;
  srcset: string;
};

export const chosenImage = (item: MediaItem): ChosenImage => {
  const largest = item.files.at(-1)!;
  return {
    url: largest.path,
    alt: item.alt,
    width: largest.width,
    height: largest.height,
    srcset: srcsetOf(item.files),
  };
};

/** An image as an image field offers it: its name, a thumbnail and what choosing it writes. */
export type LibraryImage = {
  id: string;
  label: string;
  thumb: { path: string; width: number; height: number };
  image: ChosenImage;
};

export const libraryImage = (item: MediaItem): LibraryImage => ({
  id: item.id,
  label: `${item.name} (${item.width}×${item.height})`,
  thumb: item.files[0]!,
  image: chosenImage(item),
});

/** Whether a document's content names one of an image's files. */
export const usesMedia = (data: unknown, id: string): boolean =>
  JSON.stringify(data).includes(`-${id}-`);

export class MediaStore {
  private sizes = new Map<string, Dimensions>();
  private seen = "";

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The files' sizes by path, for the content's checks (empty until the first sync). */
  readonly lookup: MediaLookup = (urlPath) => this.sizes.get(urlPath) ?? null;

  /** Reads the list of files again when the library changed since the last time. */
  async sync(): Promise<void> {
    const head = await this.db
      .selectFrom("media")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("at").as("at")])
      .executeTakeFirst();
    const seen = `${Number(head?.count ?? 0)}:${Number(head?.at ?? 0)}`;
    if (seen === this.seen) return;
    const rows = await this.db
      .selectFrom("media_files")
      .select(["path", "width", "height"])
      .execute();
    this.sizes = new Map(
      rows.map((row) => [row.path, { width: Number(row.width), height: Number(row.height) }]),
    );
    this.seen = seen;
  }

  /** Stores an upload; the same image uploaded again keeps its files and takes the new text. */
  async add(media: ProcessedMedia, author: string): Promise<MediaItem> {
    await this.db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom("media")
        .select("id")
        .where("id", "=", media.id)
        .executeTakeFirst();
      if (known) {
        await trx
          .updateTable("media")
          .set({ alt: media.alt, author, at: this.now() })
          .where("id", "=", media.id)
          .execute();
        return;
      }
      await trx
        .insertInto("media")
        .values({
          id: media.id,
          name: media.name,
          alt: media.alt,
          width: media.width,
          height: media.height,
          uploaded_bytes: media.uploadedBytes,
          author,
          at: this.now(),
        })
        .execute();
      for (const file of media.files) {
        await trx
          .insertInto("media_files")
          .values({
            path: file.path,
            media: media.id,
            width: file.width,
            height: file.height,
            content_type: file.contentType,
            body: file.body,
          })
          .execute();
      }
    });
    await this.sync();
    return (await this.item(media.id))!;
  }

  /** Every image, newest first, with its files (without their bytes). */
  async list(): Promise<MediaItem[]> {
    const items = await this.db.selectFrom("media").selectAll().orderBy("at", "desc").execute();
    const files = await this.db
      .selectFrom("media_files")
      .select((eb) => [
        "media",
        "path",
        "width",
        "height",
        eb.fn<number>("length", [eb.ref("body")]).as("bytes"),
      ])
      .orderBy("width")
      .execute();
    return items.map((row) => ({
      id: row.id,
      name: row.name,
      alt: row.alt,
      width: Number(row.width),
      height: Number(row.height),
      uploadedBytes: Number(row.uploaded_bytes),
      author: row.author,
      at: Number(row.at),
      files: files
        .filter((file) => file.media === row.id)
        .map((file) => ({
          path: file.path,
          width: Number(file.width),
          height: Number(file.height),
          bytes: Number(file.bytes),
        })),
    }));
  }

  async item(id: string): Promise<MediaItem | null> {
    return (await this.list()).find((item) => item.id === id) ?? null;
  }

  /** A file's type and bytes, or null. */
  async file(path: string): Promise<{ contentType: string; body: Buffer } | null> {
    const row = await this.db
      .selectFrom("media_files")
      .select(["content_type", "body"])
      .where("path", "=", path)
      .executeTakeFirst();
    return row ? { contentType: row.content_type, body: Buffer.from(row.body) } : null;
  }

  /** Deletes an image and its files (the caller has checked that nothing uses it). */
  async remove(id: string): Promise<boolean> {
    const removed = await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("media_files").where("media", "=", id).execute();
      const result = await trx.deleteFrom("media").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
    await this.sync();
    return removed;
  }
}
