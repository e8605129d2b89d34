/**
 * The records pages share: the people who write and review the site. A record
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

/** A payment method takes withdrawals when it names all three of these, none when deposit-only. */
const WITHDRAWAL_FIELDS = ["min_withdrawal", "withdrawal_fees", "withdrawal_time"] as const;

/**
 * A payment method (a deposit row, a record) names all three withdrawal fields or none:
 * the problem, at the first one missing, or null.
 */
export function withdrawalProblem(
  method: Partial<Record<(typeof WITHDRAWAL_FIELDS)[number], unknown>>,
): { path: [string]; message: string } | null {
  const given = WITHDRAWAL_FIELDS.filter((field) => method[field] !== undefined);
  if (given.length === 0 || given.length === WITHDRAWAL_FIELDS.length) return null;
  return {
    path: [WITHDRAWAL_FIELDS.find((field) => method[field] === undefined)!],
    message:
      "falta: un método con retiradas indica min_withdrawal, withdrawal_fees y withdrawal_time; uno solo de depósitos, ninguno",
  };
}

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

/** An offer's id, as blocks name it (`offer`) and the dashboard lists it. */
export const offerId = z
  .string()
  .max(100, "como mucho 100 caracteres")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'debe tener a-z, 0-9 y "-" (p. ej. "bienvenida")');

/** A day (YYYY-MM-DD, in the site's time zone) or an exact time with its offset. */
const offerTime = z
  .string()
  .refine(
    (value) =>
      z.iso.date().safeParse(value).success ||
      z.iso.datetime({ offset: true }).safeParse(value).success,
    {
      message:
        'debe ser un día AAAA-MM-DD (p. ej. "2026-12-31") o una hora con zona (2026-12-31T23:59:00+01:00)',
    },
  );

/**
 * A promotion of the operator, written once: its claim and figures, its terms line (the
 * conditions every claim of it carries), its validity and where it leads.
 */
export function offerSchema({ href }: Pick<ReturnType<typeof contentFields>, "href">) {
  return z
    .strictObject({
      id: offerId.describe("How blocks name the offer (their `offer` field)."),
      name: text.describe('Its name in the dashboard, e.g. "Bono de bienvenida".'),
      headline: text.describe('The claim, e.g. "100% hasta 500 € + 200 giros gratis".'),
      amounts: z
        .array(z.number().nonnegative())
        .min(1)
        .describe(
          "Every € figure the offer states (the bonus up to, the minimum deposit…): a different € figure beside the offer is refused.",
        ),
      wagering: z
        .array(z.number().int().positive())
        .min(1)
        .describe(
          "Its wagering requirements, e.g. [35] or [35, 40] (bonus, winnings of the free spins): a different «Nx» beside it is refused.",
        ),
      min_deposit: z.number().nonnegative().describe("Minimum deposit, in €."),
      valid_from: offerTime
        .optional()
        .describe(
          "From when the site may claim it: a day (YYYY-MM-DD, from its start in the site's time zone) or a time with offset. Before it, nothing shows it.",
        ),
      valid_until: offerTime
        .optional()
        .describe(
          "Until when (a day: to its end). After it, its blocks show their fallback or disappear and its links lead to the fallback destination, without a publish.",
        ),
      terms_line: text.describe(
        'The conditions shown with every claim of the offer, with what advertising_rules.terms_line_requires asks (the 18+ notice), e.g. "Depósito mínimo 20 € · Apuesta 35x · Validez 30 días · Solo mayores de 18 años".',
      ),
      terms_url: href.describe("Where its full terms are (a page of the site or the operator's)."),
      destination: httpsUrl.describe("The affiliate URL of the offer: where its links lead."),
      fallback_destination: httpsUrl.describe(
        "Where its links lead before valid_from and after valid_until (e.g. the casino's promotions page).",
      ),
      updated: updatedDay,
    })
    .superRefine((offer, ctx) => {
      if (offer.valid_from && offer.valid_until && offer.valid_until < offer.valid_from) {
        ctx.addIssue({
          code: "custom",
          path: ["valid_until"],
          message: "es anterior a valid_from",
        });
      }
    });
}

/** A payment method of the casino: one record feeds its page and every deposit table. */
export function paymentMethodSchema({
  image,
  safeHtml,
}: Pick<ReturnType<typeof contentFields>, "image" | "safeHtml">) {
  return z
    .strictObject({
      slug: recordSlug.describe("Its page: /metodos-de-pago/<slug>."),
      name: text.describe('As visitors know it, e.g. "Bizum".'),
      logo: image.optional().describe("Badge shown in deposit tables (original artwork)."),
      mobile_payment: z.boolean().describe("Can be used from a phone."),
      min_deposit: text.describe('e.g. "10 €".'),
      max_deposit: text,
      deposit_time: text.describe('e.g. "Al momento".'),
      min_withdrawal: text
        .optional()
        .describe("Leave out the three withdrawal fields for a deposit-only method."),
      withdrawal_fees: text.optional(),
      withdrawal_time: text.optional(),
      summary: text.describe("The first paragraph of its page (plain text)."),
      body: safeHtml.describe("The rest of its page: how to deposit and withdraw, limits, advice."),
      updated: updatedDay,
    })
    .superRefine((method, ctx) => {
      const withdrawals = withdrawalProblem(method);
      if (withdrawals) ctx.addIssue({ code: "custom", ...withdrawals });
    });
}

/** A game of the casino: one record feeds its page and every games grid that names it. */
export function gameSchema({
  localAsset,
  safeHtml,
}: Pick<ReturnType<typeof contentFields>, "localAsset" | "safeHtml">) {
  return z.strictObject({
    slug: recordSlug.describe("Its page: /juegos/<slug>."),
    name: text.describe("The game's title."),
    provider: text.describe("The studio that makes it."),
    rtp: z
      .number()
      .min(50)
      .max(100)
      .describe("Theoretical return to player published by the provider, in % (e.g. 96.5)."),
    volatility: z
      .enum(["baja", "media", "alta"])
      .describe("How unevenly it pays: baja, media or alta."),
    min_bet: text.describe('e.g. "0,20 €".'),
    max_bet: text.describe('e.g. "100 €".'),
    features: z.array(text).default([]).describe("What sets it apart (free spins, multipliers…)."),
    image: localAsset.describe("Tile artwork, square (original, in public/ or the media library)."),
    summary: text.describe("The first paragraph of its page (plain text)."),
    body: safeHtml.describe("The rest of its page: how it plays, what to know."),
    updated: updatedDay,
  });
}

/** A guide: long-form text in sections, with a table of contents, at /guias/<slug>. */
export function guideSchema({ safeHtml }: Pick<ReturnType<typeof contentFields>, "safeHtml">) {
  return z.strictObject({
    slug: recordSlug.describe("Its page: /guias/<slug>."),
    title: text.describe("The guide's title: its <h1>."),
    summary: text.describe("What the guide answers, in two sentences (also its meta description)."),
    sections: z
      .array(
        z.strictObject({
          heading: text.describe("The section's heading: an entry of the table of contents."),
          html: safeHtml.describe("The section's text (p, ul, ol, strong, a, h3…)."),
        }),
      )
      .min(2)
      .describe("The sections, in reading order; the table of contents lists them."),
    updated: updatedDay,
  });
}
