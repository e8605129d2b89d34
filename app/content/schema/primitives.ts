/** Field types shared by the site config, the pages and the blocks. */
import { z } from "zod";

import { findUnsafeHtml, isSafeHref } from "../safe-html";

/** A page path: "/" or lowercase segments of a-z, 0-9 and "-", e.g. "/terms" or "/vip/niveles". */
export const SLUG_PATTERN = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

export const text = z.string().trim().min(1, "must not be empty");

export const slug = z
  .string()
  .regex(SLUG_PATTERN, 'must be "/" or lowercase segments of a-z, 0-9 and "-" (e.g. "/terms")');

/** A link target: a site path ("/bonos", "/sing-up/"), an #anchor, or an http(s), mailto or tel URL. */
export const href = z.string().refine(isSafeHref, {
  message: "must be a site path or an http(s), mailto or tel URL",
});

/** An absolute https URL, e.g. an affiliate redirect or a social profile. */
export const httpsUrl = z
  .string()
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", {
    message: "must be an absolute https:// URL",
  });

/** A file served by this site from `public/`, e.g. "/images/logo.svg". Artwork is never hotlinked. */
export const localAsset = z
  .string()
  .regex(
    /^\/(?!\/)[A-Za-z0-9._/-]+$/,
    'must be a path to a file in public/, e.g. "/images/logo.svg"',
  )
  .refine((value) => !value.split("/").includes(".."), { message: 'must not contain ".."' });

/**
 * What kind of destination a link has: "internal" (a page of this site, navigated
 * client-side), "external" (another site), or "affiliate" (the casino's sign-up or login,
 * through /sing-up/ or /login/ or straight to a redirect URL; marked as sponsored).
 */
export const urlType = z.enum(["internal", "external", "affiliate"]);

/** Name of an affiliate link's placement in the click reports, e.g. "home-hero-signup". */
export const linkId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be 1-80 characters of a-z, 0-9 and "-"');

/** Where a link opens: the same tab or a new one. */
export const linkTarget = z.enum(["_self", "_blank"]);

const pixels = z.number().int().positive().max(4000);

/** An image with the intrinsic size the browser needs to reserve space before it loads. */
export const image = z.strictObject({
  url: localAsset.describe("Path of the file in public/."),
  alt: z
    .string()
    .describe("Text that replaces the image for screen readers and when it fails to load."),
  width: pixels.describe("Intrinsic width in CSS pixels."),
  height: pixels.describe("Intrinsic height in CSS pixels."),
});

/** HTML limited to a small allowlist of tags (p, strong, em, ul, ol, li, a, br, …). */
export const safeHtml = z.string().superRefine((value, ctx) => {
  for (const problem of findUnsafeHtml(value)) {
    ctx.addIssue({ code: "custom", message: `unsafe HTML: ${problem}` });
  }
});

/** A call to action: a button or a text link. */
export const button = z.strictObject({
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
export const link = z.strictObject({ url: href, text });

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
