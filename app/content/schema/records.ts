/**
 * The records pages share (issue 34): the people who write and review the site. A record
 * is written once, in the site config, and feeds its own page and every page that names it
 * (app/content/record-pages.ts).
 */
import { z } from "zod";

import type { contentFields } from "./primitives";
import { httpsUrl, text } from "./primitives";

/** The last segment of a record's page path: a-z, 0-9 and "-". */
export const recordSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'debe tener a-z, 0-9 y "-" (p. ej. "lucia-ferrer")');

/** The day a record last changed (the studio sets it when a publish changes the record). */
export const updatedDay = z.iso
  .date()
  .optional()
  .describe(
    "Day of the last change (YYYY-MM-DD). The studio sets it when a publish changes this record.",
  );

/** A person who writes or reviews pages; each has a page at /autores/<slug>. */
export function personSchema({ image }: Pick<ReturnType<typeof contentFields>, "image">) {
  return z.strictObject({
    slug: recordSlug.describe("The person's page: /autores/<slug>."),
    name: text.describe("Full name, as the byline shows it."),
    role: text.describe('What they do here, e.g. "Redactora de bonos y promociones".'),
    bio: text.describe("A short biography (two or three sentences)."),
    credentials: z
      .array(text)
      .default([])
      .describe("Training and experience that back what they write, one per line."),
    photo: image.describe("Portrait (original artwork, in public/ or the media library)."),
    links: z
      .array(z.strictObject({ text, url: httpsUrl }))
      .default([])
      .describe("Their public profiles (LinkedIn, a professional association…)."),
    updated: updatedDay,
  });
}

/** Who signs a page and who reviewed it (slugs of `people`). */
export const byline = z
  .strictObject({
    author: recordSlug.describe("Who wrote the page (a slug of the site's people)."),
    reviewer: recordSlug
      .optional()
      .describe("Who checked it before it was published (a slug of the site's people)."),
  })
  .describe('The byline: "Por …", "Revisado por …" and the date of the last change.');
