/** Field types shared by the site config, the pages and the blocks. */
import { z } from "zod";

import { findUnsafeHtml, isSafeHref } from "../safe-html";

import { ADVICE, sameShape, type ContentContext } from "./context";

// The editor reads Spanish: zod's own messages too ("Llave desconocida", "se esperaba…").
// The setting is process-wide; content is the only place zod talks to a person.
z.config(z.locales.es());

/** A page path: "/" or lowercase segments of a-z, 0-9 and "-", e.g. "/terms" or "/vip/niveles". */
export const SLUG_PATTERN = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

export const text = z.string().trim().min(1, "no puede estar vacío");

export const slug = z
  .string()
  .regex(SLUG_PATTERN, 'debe ser "/" o tramos en minúsculas de a-z, 0-9 y "-" (p. ej. "/terms")');

/** An absolute https URL, e.g. an affiliate redirect or a social profile. */
export const httpsUrl = z
  .string()
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", {
    message: "debe ser una URL absoluta https://",
  });

/**
 * What kind of destination a link has: "internal" (a page of this site, navigated
 * client-side), "external" (another site), or "affiliate" (the casino's sign-up or login,
 * through /sing-up/ or /login/ or straight to a redirect URL; marked as sponsored).
 */
export const urlType = z.enum(["internal", "external", "affiliate"]);

/** Name of an affiliate link's placement in the click reports, e.g. "home-hero-signup". */
export const linkId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'debe tener de 1 a 80 caracteres de a-z, 0-9 y "-"');

/** Where a link opens: the same tab or a new one. */
export const linkTarget = z.enum(["_self", "_blank"]);

const pixels = z.number().int().positive().max(4000);

/** The files of an image of the studio's media library, each with its width. */
const SRCSET = /^\/media\/[a-z0-9-]+\.webp \d+w(, \/media\/[a-z0-9-]+\.webp \d+w)*$/;

/** HTML headings inside a field; text of a block sits under the block's own <h2>. */
const HTML_HEADING = /<h([1-6])\b/gi;
const HTML_HREF = /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1/gi;

/**
 * The fields that point outside their file (files in public/, links, images, HTML with
 * links), made for a check run: with a `context` they also check that the file exists,
 * that an image's declared size has the file's shape and that a site path leads to a
 * page; without one they check the shape of the value only.
 */
export function contentFields(context?: ContentContext) {
  /** A file served by this site from `public/`, e.g. "/images/logo.svg". Artwork is never hotlinked. */
  const localAsset = z
    .string()
    .regex(
      /^\/(?!\/)[A-Za-z0-9._/-]+$/,
      'debe ser la ruta de un archivo de public/, p. ej. "/images/logo.svg"',
    )
    .refine((value) => !value.split("/").includes(".."), { message: 'no puede contener ".."' })
    .superRefine((value, ctx) => {
      if (context && !context.hasFile(value)) {
        ctx.addIssue({
          code: "custom",
          message: value.startsWith("/media/")
            ? `"${value}" no está en la biblioteca de imágenes (elige otra imagen)`
            : `"${value}" no es ningún archivo de public/ (añade el archivo o corrige la ruta)`,
        });
      }
    });

  /** A link target: a site path ("/bonos", "/sing-up/"), an #anchor, or an http(s), mailto or tel URL. */
  const href = z
    .string()
    .refine(isSafeHref, {
      message: "debe ser una ruta del sitio o una URL http(s), mailto o tel",
    })
    .superRefine((value, ctx) => {
      const problem = context?.linkProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: `"${value}" ${problem}` });
    });

  /**
   * The declared width × height of artwork must have the file's shape, or the image is
   * distorted or the page jumps. `at` is the field of the path, for the message.
   */
  const checkShape = (
    ctx: z.core.$RefinementCtx,
    url: string,
    declared: { width: number; height: number },
    at: PropertyKey[],
    what = `la medida declarada ${declared.width}×${declared.height}`,
  ) => {
    if (!context || !context.hasFile(url)) return;
    const own = context.fileSize(url);
    if (own && !sameShape(declared, own)) {
      ctx.addIssue({
        code: "custom",
        path: at,
        message:
          `${what} no tiene la forma de "${url}", que mide ${own.width}×${own.height}: ` +
          `la imagen se vería deformada o la página saltaría (declara ${own.width}×${own.height} ` +
          "u otra medida de la misma forma)",
      });
    }
  };

  /** Advice on an image a screen reader would announce without words. */
  const checkAlt = (ctx: z.core.$RefinementCtx, url: string, alt: string, at: PropertyKey[]) => {
    if (context && alt.trim() === "") {
      ctx.addIssue({
        code: "custom",
        path: at,
        params: ADVICE,
        message: `la imagen "${url}" no tiene texto alternativo (descríbela, salvo que sea decorativa)`,
      });
    }
  };

  /**
   * The widths an image of the media library comes in ("/media/x-360.webp 360w, …"), written
   * by the studio when the image is chosen: the browser takes the one the screen needs.
   */
  const srcset = z
    .string()
    .regex(SRCSET, "debe ser la lista de tamaños de una imagen de la biblioteca (elígela otra vez)")
    .superRefine((value, ctx) => {
      if (!SRCSET.test(value)) return;
      const missing = value
        .split(", ")
        .map((entry) => entry.split(" ")[0]!)
        .filter((file) => context && !context.hasFile(file));
      if (missing.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `"${missing[0]}" no está en la biblioteca de imágenes (elige la imagen otra vez)`,
        });
      }
    });

  const imageFields = {
    url: localAsset.describe("Path of the file in public/, or of an image of the media library."),
    srcset: srcset
      .optional()
      .describe("The image's widths, for the browser to choose from (set by the media library)."),
    alt: z
      .string()
      .describe("Text that replaces the image for screen readers and when it fails to load."),
    width: pixels.describe("Intrinsic width in CSS pixels."),
    height: pixels.describe("Intrinsic height in CSS pixels."),
  };

  /** An image with the intrinsic size the browser needs to reserve space before it loads. */
  const image = z.strictObject(imageFields).superRefine((value, ctx) => {
    checkShape(ctx, value.url, value, ["url"]);
    checkAlt(ctx, value.url, value.alt, ["alt"]);
  });

  /** An image beside its own heading (an icon): its alt may stay empty. */
  const decorativeImage = z.strictObject(imageFields).superRefine((value, ctx) => {
    checkShape(ctx, value.url, value, ["url"]);
  });

  /** HTML limited to a small allowlist of tags (p, strong, em, ul, ol, li, a, br, …). */
  const safeHtml = z
    .string()
    .superRefine((value, ctx) => {
      for (const problem of findUnsafeHtml(value)) {
        ctx.addIssue({ code: "custom", message: `HTML no permitido: ${problem}` });
      }
      if (!context || !value.includes("<")) return;
      for (const match of value.matchAll(HTML_HREF)) {
        const problem = context.linkProblem(match[2]!);
        if (problem) {
          ctx.addIssue({
            code: "custom",
            message: `un enlace del HTML a "${match[2]}" ${problem}`,
          });
        }
      }
      let previous = 2;
      for (const match of value.matchAll(HTML_HEADING)) {
        const level = Number(match[1]);
        if (level > previous + 1) {
          ctx.addIssue({
            code: "custom",
            params: ADVICE,
            message: `el título <h${level}> sigue a un <h${previous}>: se salta un nivel (usa <h${previous + 1}>)`,
          });
        }
        previous = level;
      }
    })
    // The studio edits it with its rich-text field (app/components/admin/studio/rich-text.tsx).
    .meta({ contentMediaType: "text/html" });

  /** A call to action: a button or a text link. */
  const button = z.strictObject({
    text: text.describe("Visible label."),
    url: href.describe('Where it leads: a site path ("/bonos", "/sing-up/") or an absolute URL.'),
    type: z
      .enum(["button", "link"])
      .default("button")
      .describe('"button" draws a prominent call to action, "link" a plain text link.'),
    url_type: urlType
      .default("internal")
      .describe("What kind of destination `url` is (see urlType)."),
    redirect_url: httpsUrl
      .optional()
      .describe(
        "Optional absolute https affiliate URL; when set, the link goes straight there instead of `url`.",
      ),
    variant: z
      .enum(["primary", "secondary"])
      .default("primary")
      .describe('"primary" for the main action of a section, "secondary" for the others.'),
    target: linkTarget.default("_self").describe("Same tab (default) or new tab."),
    link_id: linkId
      .optional()
      .describe(
        'Name of this placement in the click reports, for affiliate links (a-z, 0-9, "-"); derived from the page, block and position when left out.',
      ),
  });

  /** A plain link with a label. */
  const link = z.strictObject({ url: href, text });

  return {
    localAsset,
    href,
    image,
    decorativeImage,
    safeHtml,
    button,
    link,
    checkShape,
    checkAlt,
  };
}

/** The fields without a context: for the types and the JSON Schemas. */
const shapeOnly = contentFields();
export const { localAsset, href, image, safeHtml, button, link } = shapeOnly;

export type Image = z.output<typeof image>;
export type Button = z.output<typeof button>;
export type LinkTarget = z.output<typeof linkTarget>;
export type UrlType = Button["url_type"];

/**
 * `"$schema"` at the top of a content file: the JSON Schema that lets a text editor
 * autocomplete and check the file (content/schema/, made by `npm run content:schema`).
 * Ignored by the site.
 */
export const editorSchema = z
  .string()
  .optional()
  .describe("The JSON Schema of this file, for the editor's autocompletion. Ignored by the site.");
