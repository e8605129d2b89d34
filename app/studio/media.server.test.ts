/**
 * The media library: what an upload becomes (sharp) and what it is refused for, each
 * refusal one Spanish sentence for its field; and its storage on both databases (the
 * files' bytes, the sizes the checks read, a second upload of the same photo, delete).
 */
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";
import { openLedgerDatabase } from "~/ledger/database.server";

import { MAX_UPLOAD_BYTES, mediaName, MediaRefused, processUpload, srcsetOf } from "./media.server";
import { chosenImage, MediaStore, usesMedia } from "./media-store.server";

const image = (width: number, height: number, format: "png" | "jpeg" | "webp" | "avif" | "gif") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();

async function refusal(upload: Parameters<typeof processUpload>[0]) {
  try {
    await processUpload(upload);
  } catch (error) {
    if (error instanceof MediaRefused) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error("the upload was accepted");
}

describe("processUpload", () => {
  it("writes WebP at each width below the image's own, up to 1920, with their sizes", async () => {
    const media = await processUpload({
      fileName: "Bono de Diciembre (final).PNG",
      bytes: await image(2400, 1200, "png"),
      alt: "  Cofre con monedas  ",
    });
    expect(media.name).toBe("bono-de-diciembre-final");
    expect(media.id).toMatch(/^[0-9a-f]{12}$/);
    expect(media.alt).toBe("Cofre con monedas");
    expect([media.width, media.height]).toEqual([1920, 960]);
    expect(media.files.map((file) => [file.width, file.height])).toEqual([
      [360, 180],
      [720, 360],
      [1080, 540],
      [1440, 720],
      [1920, 960],
    ]);
    for (const file of media.files) {
      expect(file.path).toBe(`/media/bono-de-diciembre-final-${media.id}-${file.width}.webp`);
      const made = await sharp(file.body).metadata();
      expect([made.format, made.width, made.height]).toEqual(["webp", file.width, file.height]);
    }
    expect(srcsetOf(media.files)).toBe(
      media.files.map((file) => `${file.path} ${file.width}w`).join(", "),
    );
  });

  it("keeps a small image at its own width, and accepts JPEG, WebP and AVIF", async () => {
    for (const format of ["jpeg", "webp", "avif"] as const) {
      const media = await processUpload({
        fileName: `icono.${format}`,
        bytes: await image(500, 250, format),
        alt: "Icono",
      });
      expect(media.files.map((file) => file.width)).toEqual([360, 500]);
    }
  });

  it("turns a photo taken upright, and drops its metadata (camera, place)", async () => {
    const bytes = await sharp({
      create: { width: 800, height: 400, channels: 3, background: "#336699" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const media = await processUpload({ fileName: "movil.jpg", bytes, alt: "Foto" });
    expect([media.width, media.height]).toEqual([400, 800]);
    const made = await sharp(media.files.at(-1)!.body).metadata();
    expect([made.width, made.height, made.exif, made.orientation]).toEqual([
      400,
      800,
      undefined,
      undefined,
    ]);
  });

  it("refuses, beside the right field, what a page cannot use", async () => {
    const png = await image(400, 300, "png");
    expect(await refusal({ fileName: "a.png", bytes: png, alt: " " })).toEqual({
      field: "alt",
      message: "Escribe el texto alternativo: lo que la imagen muestra, para quien no la ve.",
    });
    expect((await refusal({ fileName: "a.png", bytes: png, alt: "x".repeat(301) })).field).toBe(
      "alt",
    );
    expect(await refusal({ fileName: "a.png", bytes: Buffer.alloc(0), alt: "A" })).toEqual({
      field: "file",
      message: "Elige un archivo de imagen.",
    });
    const huge = await refusal({
      fileName: "a.png",
      bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
      alt: "A",
    });
    expect(huge.message).toMatch(/^El archivo pesa 10,0 MB; el máximo es 10,0 MB\./);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script></svg>',
    );
    expect((await refusal({ fileName: "a.svg", bytes: svg, alt: "A" })).message).toMatch(
      /^Las imágenes SVG no se admiten/,
    );
    expect(
      (await refusal({ fileName: "a.gif", bytes: await image(400, 300, "gif"), alt: "A" })).message,
    ).toBe("El formato GIF no se admite: sube un PNG, JPEG, WebP o AVIF.");
    expect(
      (await refusal({ fileName: "a.png", bytes: Buffer.from("no soy una imagen"), alt: "A" }))
        .message,
    ).toMatch(/^El archivo no es una imagen que se pueda leer/);
    // Cut short: the header reads, the pixels do not.
    const cut = (await image(1200, 800, "jpeg")).subarray(0, 400);
    expect((await refusal({ fileName: "a.jpg", bytes: cut, alt: "A" })).field).toBe("file");
    expect(
      (await refusal({ fileName: "a.png", bytes: await image(8001, 300, "png"), alt: "A" }))
        .message,
    ).toBe("La imagen mide 8001×300 px; el máximo es 8000 px por lado.");
    expect(
      (await refusal({ fileName: "a.png", bytes: await image(150, 150, "png"), alt: "A" })).message,
    ).toBe("La imagen mide 150 px de ancho; el mínimo es 200 px, o se verá borrosa.");
  });

  it("names files in URL words", () => {
    expect(mediaName("Ñandú & Cía..jpeg")).toBe("nandu-cia");
    expect(mediaName("???.png")).toBe("imagen");
  });
});

describe.each([
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "media_store")],
])("MediaStore on %s", (_name, url) => {
  it("keeps the files and their sizes, takes a second upload as the same image, deletes", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      const store = new MediaStore(database.db, () => 5_000);
      const other = new MediaStore(database.db);
      await other.sync();
      const bytes = await image(800, 600, "png");
      const media = await processUpload({ fileName: "cofre.png", bytes, alt: "Cofre" });
      const item = await store.add(media, "ana@example.com");
      expect(item).toMatchObject({ id: media.id, alt: "Cofre", width: 800, height: 600 });
      expect(item.files.map((file) => file.bytes)).toEqual(media.files.map((f) => f.body.length));

      // The bytes come back as stored; another instance learns the sizes at its next sync.
      const served = await other.file(media.files[0]!.path);
      expect(served?.contentType).toBe("image/webp");
      expect(served?.body.equals(media.files[0]!.body)).toBe(true);
      expect(other.lookup(media.files[0]!.path)).toBeNull();
      await other.sync();
      expect(other.lookup(media.files.at(-1)!.path)).toEqual({ width: 800, height: 600 });

      // The same photo again: one image, with the new text.
      await store.add({ ...media, alt: "Cofre dorado" }, "luis@example.com");
      expect((await store.list()).map((each) => [each.id, each.alt, each.author])).toEqual([
        [media.id, "Cofre dorado", "luis@example.com"],
      ]);

      const chosen = chosenImage(item);
      expect(chosen).toEqual({
        url: media.files.at(-1)!.path,
        alt: "Cofre",
        width: 800,
        height: 600,
        srcset: srcsetOf(media.files),
      });
      expect(usesMedia({ mobile: chosen }, media.id)).toBe(true);
      expect(usesMedia({ mobile: { url: "/images/x.svg" } }, media.id)).toBe(false);

      expect(await store.remove(media.id)).toBe(true);
      expect(await store.list()).toEqual([]);
      expect(await store.file(media.files[0]!.path)).toBeNull();
      await other.sync();
      expect(other.lookup(media.files[0]!.path)).toBeNull();
    } finally {
      await database.close();
    }
  });
});
