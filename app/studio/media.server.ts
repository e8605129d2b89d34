/**
 * What an upload to the media library becomes (sharp): checked first (a PNG, JPEG, WebP or
 * AVIF image of at most MAX_UPLOAD_BYTES and MAX_SIDE pixels a side, with alternative
 * text), then turned upright (EXIF orientation), stripped of its metadata (camera, place)
 * and written as WebP at each width of WIDTHS below its own, and at its own width up to
 * LARGEST_WIDTH: the files a page's `srcset` offers, each with its width and height so the
 * page reserves the image's space before it loads. SVG is refused: a script inside one
 * runs when it is opened on the site's origin, and sanitising it is a library of its own.
 * Every refusal is one Spanish sentence for the field it concerns.
 */
import { createHash } from "node:crypto";

import sharp from "sharp";

/** The largest upload: a photo from a phone is 3–6 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The largest side of an upload, in pixels (a 50-megapixel camera is about 8,700). */
export const MAX_SIDE = 8000;
/** The smallest width worth a page: narrower images look blurred on a phone. */
export const MIN_WIDTH = 200;
/** The widths a page's `srcset` offers (phone, large phone at 2x, tablet, laptop, wide). */
export const WIDTHS = [360, 720, 1080, 1440, 1920] as const;
/** No page shows an image wider than this, even on a wide screen at 2x. */
export const LARGEST_WIDTH = 1920;
/** Where the site serves the files (server/media-files.ts). */
export const MEDIA_PATH = "/media/";

export type MediaField = "file" | "alt";

/** An upload the library refuses, with the field it is about and why, in Spanish. */
export class MediaRefused extends Error {
  constructor(
    readonly field: MediaField,
    message: string,
  ) {
    super(message);
  }
}

export type MediaFile = {
  path: string;
  width: number;
  height: number;
  contentType: string;
  body: Buffer;
};

export type ProcessedMedia = {
  id: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  uploadedBytes: number;
  /** Narrowest first; the last is the image's largest size. */
  files: MediaFile[];
};

const ACCEPTED: Record<string, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  heif: "AVIF",
};

/** A file name as it reads in a URL: lower case, ASCII, words joined by hyphens. */
export function mediaName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const words = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return words || "imagen";
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;

/** Checks an upload and makes its files; throws MediaRefused with the field and the reason. */
export async function processUpload(upload: {
  fileName: string;
  bytes: Buffer;
  alt: string;
}): Promise<ProcessedMedia> {
  const alt = upload.alt.trim();
  if (upload.bytes.length === 0) throw new MediaRefused("file", "Elige un archivo de imagen.");
  if (upload.bytes.length > MAX_UPLOAD_BYTES) {
    throw new MediaRefused(
      "file",
      `El archivo pesa ${megabytes(upload.bytes.length)}; el máximo es ${megabytes(MAX_UPLOAD_BYTES)}. Redúcelo o expórtalo con más compresión.`,
    );
  }
  if (alt === "") {
    throw new MediaRefused(
      "alt",
      "Escribe el texto alternativo: lo que la imagen muestra, para quien no la ve.",
    );
  }
  if (alt.length > 300) {
    throw new MediaRefused("alt", "El texto alternativo admite 300 caracteres como máximo.");
  }
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(upload.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefused(
      "file",
      "El archivo no es una imagen que se pueda leer (¿está dañado o no es una imagen?). Sube un PNG, JPEG, WebP o AVIF.",
    );
  }
  if (metadata.format === "svg") {
    throw new MediaRefused(
      "file",
      "Las imágenes SVG no se admiten: pueden llevar código. Expórtala como PNG o WebP.",
    );
  }
  const format = metadata.format ? ACCEPTED[metadata.format] : undefined;
  if (!format || (metadata.format === "heif" && metadata.compression !== "av1")) {
    throw new MediaRefused(
      "file",
      `El formato ${metadata.format?.toUpperCase() ?? "del archivo"} no se admite: sube un PNG, JPEG, WebP o AVIF.`,
    );
  }
  // Width and height as the image is seen: a photo taken upright says so in its EXIF.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = (turned ? metadata.height : metadata.width) ?? 0;
  const height = (turned ? metadata.width : metadata.height) ?? 0;
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new MediaRefused(
      "file",
      `La imagen mide ${width}×${height} px; el máximo es ${MAX_SIDE} px por lado.`,
    );
  }
  if (width < MIN_WIDTH) {
    throw new MediaRefused(
      "file",
      `La imagen mide ${width} px de ancho; el mínimo es ${MIN_WIDTH} px, o se verá borrosa.`,
    );
  }

  const id = createHash("sha256").update(upload.bytes).digest("hex").slice(0, 12);
  const name = mediaName(upload.fileName);
  const largest = Math.min(width, LARGEST_WIDTH);
  const widths = [...WIDTHS.filter((each) => each < largest), largest];
  const files: MediaFile[] = [];
  try {
    for (const each of widths) {
      const { data, info } = await sharp(upload.bytes, { limitInputPixels: false })
        .rotate()
        .resize({ width: each, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      files.push({
        path: `${MEDIA_PATH}${name}-${id}-${info.width}.webp`,
        width: info.width,
        height: info.height,
        contentType: "image/webp",
        body: data,
      });
    }
  } catch {
    throw new MediaRefused(
      "file",
      "La imagen está dañada: no se pudo leer entera. Vuelve a exportarla y súbela de nuevo.",
    );
  }
  const top = files.at(-1)!;
  return {
    id,
    name,
    alt,
    width: top.width,
    height: top.height,
    uploadedBytes: upload.bytes.length,
    files,
  };
}

/** The `srcset` of an image's files: "path 360w, path 720w, …". */
export const srcsetOf = (files: ReadonlyArray<Pick<MediaFile, "path" | "width">>): string =>
  files.map((file) => `${file.path} ${file.width}w`).join(", ");
