/** The site configuration: header, footer, head metadata and site-wide texts (docs/decisions/001-product-rules.md). */
import { z } from "zod";

import { clickIdProblem } from "~/affiliate/outbound-location";
import { TRACKING_PARAMS } from "~/affiliate/tracking-params";

import type { ContentContext } from "./context";
import { experimentsField } from "./experiments";
import {
  byline,
  gameSchema,
  guideSchema,
  offerSchema,
  paymentMethodSchema,
  personSchema,
} from "./records";
import { contentFields, editorSchema, httpsUrl, slug, text } from "./primitives";
import { splitProblems, splitsSchema } from "./splits";

/** Names the sub-id parameter may not take: the affiliate's own identifiers. */
export const RESERVED_AFFILIATE_PARAMS = ["partner", "banner"];

/** A query parameter the affiliate reads. */
const affiliateParam = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,32}$/, "debe tener de 1 a 32 caracteres de A-Z, a-z, 0-9 y _")
  .refine((name) => !RESERVED_AFFILIATE_PARAMS.includes(name), {
    message: `no puede ser ${RESERVED_AFFILIATE_PARAMS.join(" ni ")}`,
  });

/** A parameter of the program's postbacks. */
const postbackParam = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,40}$/, "debe tener de 1 a 40 caracteres de A-Z, a-z, 0-9, _ . -");

/**
 * The old path of a redirect: a path as a browser sends it (any case, a file name, a
 * trailing slash), without query, fragment, spaces or "//".
 */
const redirectSource = z
  .string()
  .max(200)
  .regex(
    /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%\/-]*$/,
    'debe ser una ruta que empiece por "/", sin espacios, "?" ni "#" (p. ej. "/bonos-verano")',
  )
  .refine((path) => !path.includes("//"), { message: 'no puede contener "//"' });

/** True when `pattern` is a regular expression JavaScript reads. */
function isPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, "i");
    return true;
  } catch {
    return false;
  }
}

/** A one-segment site path with a trailing slash, e.g. "/login/". */
const outboundPath = z
  .string()
  .regex(/^\/[a-z0-9-]+\/$/, 'debe ser una ruta de un tramo acabada en barra, p. ej. "/login/"');

/** The site config's schema, made for a check run (see contentFields in primitives.ts). */
export function siteSchema(context?: ContentContext) {
  const { checkShape, href, image, link, localAsset, safeHtml } = contentFields(context);
  /** A page of this site: hreflang alternates are links search engines follow. */
  const pageLink = slug.superRefine((value, ctx) => {
    const problem = context?.linkProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `"${value}" ${problem}` });
  });

  /** A linked logo with its intrinsic size (reviewers, restrictions). */
  const linkedLogo = z
    .strictObject({
      url: href,
      image: localAsset,
      alt: text,
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    })
    .superRefine((logo, ctx) => checkShape(ctx, logo.image, logo, ["image"]));

  const errorText = z.strictObject({ title: text, text });

  return z
    .strictObject({
      $schema: editorSchema,
      brand_name: text.describe("The (fictional) brand, as written in running text."),
      header: z
        .strictObject({
          logo_link: href.describe('Where the logo leads, normally "/".'),
          logo_image: image.describe("Desktop logo."),
          logo_mob_image: image.describe("Compact logo for phones (shown below 768 px)."),
          login_link: outboundPath.describe(
            'Login button: label and path of the outbound login route ("/login/"). The route answers 302 to `login_redirect_link`; the form without the trailing slash does too.',
          ),
          login_text: text,
          signup_link: outboundPath.describe(
            'Sign-up button: label and path of the outbound sign-up route ("/sing-up/").',
          ),
          signup_text: text,
          login_redirect_link: httpsUrl.describe(
            "The affiliate URLs the login and sign-up routes redirect to: absolute https URLs carrying the partner and banner parameters. Visitors can never change them.",
          ),
          signup_redirect_link: httpsUrl,
        })
        .describe(
          "The header on every page: logo, login and sign-up buttons, affiliate destinations.",
        ),
      affiliate: z
        .strictObject({
          subid_param: z
            .string()
            .regex(/^[a-z0-9_]{1,32}$/, "debe tener de 1 a 32 caracteres de a-z, 0-9 y _")
            .refine((name) => !RESERVED_AFFILIATE_PARAMS.includes(name), {
              message: `no puede ser ${RESERVED_AFFILIATE_PARAMS.join(" ni ")}`,
            })
            .describe(
              "Name of the sub-id parameter carried from the landing URL to the affiliate, next to utm_source, utm_medium, utm_campaign, utm_content, utm_term, gclid and fbclid.",
            ),
          click_id_param: affiliateParam
            .default("clickid")
            .describe(
              'Name of the query parameter that carries each click\'s id to the affiliate program (programs call it "var1", "payload", "subid2", "clickid"…). A destination URL may instead hold the placeholder {click_id} where the id goes.',
            ),
          send_click_id: z
            .boolean()
            .default(true)
            .describe(
              "false: the program receives no click id (the clicks keep theirs; its postbacks cannot be attributed).",
            ),
          postback: z
            .strictObject({
              params: z
                .strictObject({
                  click_id: postbackParam.default("click_id"),
                  event: postbackParam.default("event"),
                  amount: postbackParam.default("amount"),
                  currency: postbackParam.default("currency"),
                  txid: postbackParam.default("txid"),
                })
                .prefault({})
                .describe(
                  'The names the program gives the postback\'s parameters, e.g. {"click_id": "payload"}; the default is each one\'s own name.',
                ),
              events: z
                .record(
                  z
                    .string()
                    .regex(
                      /^[A-Za-z0-9_.-]{1,40}$/,
                      "debe tener de 1 a 40 caracteres de A-Z, a-z, 0-9, _ . -",
                    ),
                  z.enum(["registration", "ftd", "deposit", "commission"]),
                )
                .default({})
                .describe(
                  'The program\'s own words for the events, e.g. {"first_deposit": "ftd", "cpa": "commission"}. registration, ftd, deposit and commission are always understood.',
                ),
              macros: z
                .strictObject({
                  click_id: z.string().min(1).max(60).default("{click_id}"),
                  amount: z.string().min(1).max(60).default("{amount}"),
                  currency: z.string().min(1).max(60).default("{currency}"),
                  txid: z.string().min(1).max(60).default("{txid}"),
                })
                .prefault({})
                .describe(
                  'The program\'s macros for these values, shown in the postback URL the dashboard gives to paste into the program (e.g. {"click_id": "{payload}"}).',
                ),
            })
            .prefault({})
            .describe(
              "How the affiliate program's postbacks read (the receiver: /postback/<POSTBACK_TOKEN>).",
            ),
          splits: splitsSchema,
          checks: z
            .strictObject({
              operator_hosts: z
                .array(
                  z
                    .string()
                    .regex(
                      /^[a-z0-9.-]{1,253}$/,
                      'debe ser un nombre de host en minúsculas, p. ej. "brisamar.example"',
                    ),
                )
                .default([])
                .describe(
                  "The operator's hosts: a destination whose last hop lands on another host is broken (its subdomains count as the operator's). Empty: not checked.",
                ),
              dead_link_texts: z
                .array(z.string().min(3).max(100))
                .default(["invalid link", "enlace no válido", "offer expired", "link expired"])
                .describe(
                  "Texts that, found in the last page a destination lands on (any case), say the link is dead.",
                ),
              slow_ms: z
                .number()
                .int()
                .min(100)
                .max(30_000)
                .default(3_000)
                .describe(
                  "A destination whose hops take longer than this (ms) gets a warning; ten seconds is a timeout.",
                ),
              postback_silence_hours: z
                .number()
                .int()
                .min(1)
                .max(336)
                .default(24)
                .describe(
                  "Hours without a postback, while the links still get clicks, after which the program's postbacks count as gone quiet (an alert).",
                ),
              orphan_share_percent: z
                .number()
                .int()
                .min(1)
                .max(100)
                .default(20)
                .describe(
                  "Share of orphan postbacks in the last 24 hours (at least 10 postbacks) from which an alert says click ids no longer match.",
                ),
            })
            .prefault({})
            .describe(
              "How the destination monitor (npm run links:check) judges the affiliate destinations, and when the postback alerts fire.",
            ),
          fallbacks: z
            .array(
              z.strictObject({
                link: z
                  .string()
                  .regex(
                    /^[a-z0-9-]{1,120}$/,
                    "debe ser el id de un enlace (a-z, 0-9 y -), p. ej. home-main-block-1-button-1",
                  )
                  .describe(
                    "The id of the link, as the click reports name it (header-login and header-signup for the header's buttons).",
                  ),
                destination: z
                  .union([httpsUrl, slug], {
                    error: 'debe ser una URL absoluta https:// o una página del sitio ("/bonos")',
                  })
                  .describe(
                    "Where its visitors go while its destination is broken: the operator's landing page, another program (https://…) or a page of this site (/…).",
                  ),
              }),
            )
            .default([])
            .describe(
              "Fallbacks while broken: a link whose destination the monitor finds broken (roto) sends its visitors here until a check finds it healthy again; those clicks are recorded as sent to the fallback.",
            ),
        })
        .superRefine((affiliate, ctx) => {
          // The visitor's parameters pass beside the click id: sharing a name, one would
          // replace the other (and a visitor could then choose the id the program receives).
          const visitorParams: string[] = [...TRACKING_PARAMS, affiliate.subid_param];
          if (visitorParams.includes(affiliate.click_id_param)) {
            ctx.addIssue({
              code: "custom",
              path: ["click_id_param"],
              message: `no puede ser el parámetro de sub-id (subid_param) ni uno de seguimiento (${TRACKING_PARAMS.join(", ")})`,
            });
          }
        })
        .describe(
          "How clicks carry campaign parameters and their id to the affiliate, and how its postbacks read.",
        ),
      footer: z
        .strictObject({
          menus: z
            .array(z.strictObject({ header: text, links: z.array(link).min(1) }))
            .min(1)
            .describe('Link menus, e.g. "Enlaces Útiles".'),
          socials: z
            .array(z.strictObject({ url: httpsUrl, name: text, image: localAsset }))
            .min(1)
            .describe("Social profiles: URL, name (for screen readers) and icon."),
          logo_link: href,
          logo_image: image,
          reviewers_title: text.describe('Heading above the reviewer logos, e.g. "Analizado por".'),
          reviewers: z.array(linkedLogo).describe("Logos of review and certification sites."),
          restrictions: linkedLogo.describe("The age-restriction mark (18+)."),
          responsible_gambling: z
            .object({
              age_badge: text.describe('e.g. "18+".'),
              message: text.describe('e.g. "Juega con responsabilidad".'),
              links: z
                .array(link)
                .min(1)
                .describe("Links to the responsible-gambling page and to help organisations."),
            })
            .describe("Responsible-gambling notice shown on every page."),
          copyright_text: text.describe(
            'Operator and licence line; the footer puts "© <current year>" before it.',
          ),
          licence_link: link.describe(
            "Where a visitor can check the operator's licence, shown after the licence line.",
          ),
          affiliate_disclosure: text.describe(
            "That this site is an affiliate of the operator and earns a commission on registrations (art. 7.1 RD 958/2020).",
          ),
          advertising: z
            .strictObject({
              label: text.describe('The advertising label, e.g. "Publicidad".'),
              conditions: link.describe(
                'The link to the full terms of the offers, e.g. "Sujeto a condiciones" → /terms.',
              ),
              disclosure: link.describe(
                'The link to how this site earns money, e.g. "Cómo ganamos dinero" → /como-ganamos-dinero.',
              ),
            })
            .describe(
              "The notice under the first call to action of every page with an affiliate link: label, 18+, the safe-play message and the conditions link.",
            ),
        })
        .describe(
          "The footer on every page: menus, social profiles, reviewers, responsible gambling, operator.",
        ),
      meta: z
        .strictObject({
          site_url: httpsUrl
            .refine((value) => new URL(value).pathname === "/" && !new URL(value).search, {
              message: "debe ser un origen como https://www.example.com, sin ruta",
            })
            .describe(
              "Public origin of the site (no path), used for the canonical URL, Open Graph, the sitemap and structured data. The SITE_URL environment variable overrides it.",
            ),
          breadcrumb_home: text.describe('Name of the home page in breadcrumbs, e.g. "Inicio".'),
          organization: z
            .strictObject({
              legal_name: text.describe("The operator's registered name (Organization legalName)."),
              contact_point: z.strictObject({
                contact_type: text.describe('e.g. "customer support".'),
                email: z.email().describe("Support e-mail address."),
                available_language: z.array(text).min(1).describe('e.g. ["Spanish", "English"].'),
                area_served: text.describe('ISO 3166-1 code, e.g. "ES".'),
              }),
            })
            .describe("The operator in structured data: legal name and support contact."),
          hreflang: z
            .array(z.strictObject({ slug: pageLink, hreflang: text }))
            .default([])
            .describe(
              'Pages that are language or region versions of each other. Each of them links to all of them with <link rel="alternate" hreflang>; "x-default" marks the fallback.',
            ),
          meta_settings: z.strictObject({
            lang: text.describe('Default language of pages, e.g. "es-ES".'),
            image_url: localAsset.describe("Social sharing image (1200×630)."),
            og_locale: text,
            og_site_name: text,
            twitter_creator: text,
            twitter_site: text.describe(
              'The site\'s own X (Twitter) account, e.g. "@brisamarcasino".',
            ),
            alternate_name: text.describe(
              'Another name of the site for search engines (WebSite alternateName), e.g. "Brisamar".',
            ),
            time_zone: z
              .string()
              .default("Europe/Madrid")
              .describe("Time zone of the pages' update dates (dateModified, og:updated_time)."),
            twitter_image_alt: text,
            twitter_image_src: localAsset,
            "og:image:secure_url": localAsset,
          }),
          links_settings: z.strictObject({ favicon: localAsset, apple_touch_icon: localAsset }),
          meta_scripts_settings: z.strictObject({
            pages: z.array(slug).describe("Slugs listed in the site-navigation structured data."),
          }),
        })
        .describe(
          "Defaults of every page's head: site URL, language, social cards, icons, structured data.",
        ),
      ui: z
        .strictObject({
          skip_to_content: text.describe(
            'The skip link, first in the page: "Saltar al contenido principal".',
          ),
          account_navigation: text.describe(
            "Accessible name of the header's login and sign-up navigation.",
          ),
          social_links: text.describe("Accessible name of the list of social profiles."),
          responsible_gambling: text.describe(
            "Accessible name of the footer's responsible-gambling section.",
          ),
          opens_in_new_tab: text.describe(
            'Said by screen readers after a link that opens in a new tab, e.g. "(se abre en una pestaña nueva)".',
          ),
          country_restricted: text.describe(
            "Shown at the top of an informational page to a visitor whose country the gate blocks.",
          ),
          validity_label: text.describe('Label of a bonus\'s validity period, e.g. "Validez".'),
          byline_by: text.describe('Before the author\'s name in a byline: "Por".'),
          byline_reviewed_by: text.describe('Before the reviewer\'s name: "Revisado por".'),
          byline_updated: text.describe(
            'Before the date of the last change: "Última actualización".',
          ),
          update_available: text.describe(
            "The banner shown when a newer version of the site is available.",
          ),
          update_reload: text.describe("The banner's button that reloads the page."),
          update_dismiss: text.describe("The banner's button that hides it."),
        })
        .describe(
          "Texts of the interface a visitor reads or hears (screen readers), in the pages' language.",
        ),
      advertising_rules: z
        .strictObject({
          refused: z
            .array(
              z.strictObject({
                name: text.describe(
                  'What the copy would do, as the editor reads it, e.g. "el juego como forma de ganar dinero".',
                ),
                pattern: z
                  .string()
                  .min(1)
                  .refine(isPattern, { message: "no es una expresión regular válida" })
                  .describe(
                    "The words refused, as a regular expression read without case, e.g. gana(r)?\\s+dinero.",
                  ),
                only_pages: z
                  .array(slug)
                  .optional()
                  .describe("Only on these pages (none: on every page)."),
                except_pages: z
                  .array(slug)
                  .optional()
                  .describe(
                    "Not on these pages (e.g. the responsible-gambling page may warn against it).",
                  ),
              }),
            )
            .describe(
              "Phrases no page, setting or record may use: each stops content:check and Publicar.",
            ),
          terms_line_requires: z
            .array(
              z.strictObject({
                name: text.describe('What it is, e.g. "el aviso de mayores de 18 años".'),
                pattern: z
                  .string()
                  .min(1)
                  .refine(isPattern, { message: "no es una expresión regular válida" }),
              }),
            )
            .describe("What every offer's terms line must say (the 18+ notice…)."),
        })
        .describe(
          "The advertising rules (RD 958/2020 and its amendments) as data an admin edits: refused phrases, and what every offer's terms line carries.",
        ),
      offers: z
        .array(offerSchema({ href }))
        .default([])
        .describe(
          "The operator's promotions, each written once: blocks name one by its id (`offer`) and show its terms line; outside its validity nothing claims it.",
        ),
      games: z
        .array(gameSchema({ localAsset, safeHtml }))
        .default([])
        .describe(
          "The games, each written once: it feeds its page (/juegos/<slug>) and every games-grid tile that names it (`game`).",
        ),
      game_page: z
        .strictObject({
          title_suffix: text.describe(
            'Ends the <title> of a game\'s page, e.g. "en Brisamar Casino".',
          ),
          facts_header: text.describe('Heading of its table of facts, e.g. "Ficha del juego".'),
          fact_label: text,
          value_label: text,
          guide_header: text.describe('Heading of the game\'s own text, e.g. "Cómo se juega".'),
          labels: z.strictObject({
            provider: text,
            rtp: text,
            volatility: text,
            min_bet: text,
            max_bet: text,
            features: text,
          }),
          volatility_words: z
            .strictObject({ baja: text, media: text, alta: text })
            .describe("How each volatility reads on the page."),
          rtp_note: text.describe("Said under the facts: what the RTP is and is not."),
          byline,
        })
        .optional()
        .describe("The texts of a game's page, and who signs those pages."),
      guides: z
        .array(guideSchema({ safeHtml }))
        .default([])
        .describe("Long-form guides, each a page at /guias/<slug> with a table of contents."),
      guide_page: z
        .strictObject({
          title_suffix: text.describe('Ends the <title> of a guide, e.g. "| Guías de Brisamar".'),
          contents_header: text.describe('Heading of the table of contents, e.g. "En esta guía".'),
          byline,
        })
        .optional()
        .describe("The texts of a guide's page, and who signs the guides."),
      payment_methods: z
        .array(paymentMethodSchema({ image, safeHtml }))
        .default([])
        .describe(
          "The payment methods, each written once: it feeds its page (/metodos-de-pago/<slug>) and every deposit table row that names it (`method`).",
        ),
      payment_method_page: z
        .strictObject({
          title_suffix: text.describe(
            'Ends the <title> of a method\'s page, e.g. "en Brisamar Casino".',
          ),
          facts_header: text.describe('Heading of the table of facts, e.g. "Límites y plazos".'),
          fact_label: text.describe('First column of that table, e.g. "Dato".'),
          value_label: text.describe('Second column, e.g. "Valor".'),
          guide_header: text.describe('Heading of the method\'s own text, e.g. "Paso a paso".'),
          labels: z
            .strictObject({
              mobile_payment: text,
              min_deposit: text,
              max_deposit: text,
              deposit_time: text,
              min_withdrawal: text,
              withdrawal_fees: text,
              withdrawal_time: text,
            })
            .describe("The name of each fact in that table."),
          yes_text: text,
          no_text: text,
          deposit_only_text: text.describe(
            "Shown for the withdrawal facts of a deposit-only method.",
          ),
          byline,
        })
        .optional()
        .describe("The texts of a payment method's page, and who signs those pages."),
      people: z
        .array(personSchema({ image }))
        .default([])
        .describe(
          "The people who write and review the pages. Each has a page at /autores/<slug>; pages name them in `byline`.",
        ),
      people_page: z
        .strictObject({
          credentials_header: text.describe('e.g. "Formación y experiencia".'),
          profiles_header: text.describe('e.g. "Perfiles públicos".'),
          pages_header: text.describe(
            'Heading of the list of pages they sign, e.g. "Páginas que firma".',
          ),
          title_suffix: text.describe(
            'Ends the <title> of a person\'s page, e.g. "| Brisamar Casino".',
          ),
        })
        .describe("The texts of a person's page (/autores/<slug>)."),
      experiments: experimentsField,
      redirects: z
        .array(
          z.strictObject({
            from: redirectSource.describe(
              "The old path visitors and links still ask for (as received, without ?query), e.g. /bonos-verano or /Promo.html.",
            ),
            to: pageLink.describe("The page of the site the old path now sends to (a 301)."),
            note: z.string().max(200).optional().describe("Why it exists, for the next person."),
          }),
        )
        .optional()
        .describe(
          "301 redirects an admin added (Contenido → Redirecciones). A page's own old paths need none: each path a page had answers 301 to its path now.",
        ),
      errors: z
        .object({
          bad_request: errorText.describe(
            "400: a request the site cannot process (e.g. an unsupported locale).",
          ),
          not_found: errorText.describe(
            "404 raised by the browser's router (the /404 page covers every other 404).",
          ),
          method_not_allowed: errorText.describe("405: a method other than GET or HEAD on a page."),
          payload_too_large: errorText.describe(
            "413: a form or request body larger than the site accepts.",
          ),
          server_error: errorText,
          service_unavailable: errorText.describe(
            "503: the dashboard while its database does not answer (an outage or a restart).",
          ),
          home_button_text: text.describe("Label of the button back to the home page."),
        })
        .describe("Texts of error pages other than 404/403 (those are content pages)."),
    })
    .superRefine((site, ctx) => {
      // A redirect's source is a path nothing of the site answers, named once.
      const sources = new Set<string>();
      for (const [index, { from }] of (site.redirects ?? []).entries()) {
        const path = ["redirects", index, "from"];
        if (sources.has(from)) {
          ctx.addIssue({ code: "custom", path, message: `"${from}" ya tiene otra redirección` });
        } else if (context?.serves?.(from)) {
          ctx.addIssue({
            code: "custom",
            path,
            message: `"${from}" es una página o una ruta del sitio: una redirección no puede taparla`,
          });
        }
        sources.add(from);
      }
      site.offers.forEach((offer, index) => {
        for (const required of site.advertising_rules.terms_line_requires) {
          if (!isPattern(required.pattern)) continue;
          if (!new RegExp(required.pattern, "i").test(offer.terms_line)) {
            ctx.addIssue({
              code: "custom",
              path: ["offers", index, "terms_line"],
              message: `debe incluir ${required.name} (advertising_rules.terms_line_requires)`,
            });
          }
        }
      });
      /** Refuses each entry of a list whose key (`field`) an earlier entry already has. */
      const unique = (list: string[], field: string, keys: readonly string[], what: string) => {
        keys.forEach((key, index) => {
          if (keys.indexOf(key) < index) {
            ctx.addIssue({
              code: "custom",
              path: [...list, index, field],
              message: `"${key}" ${what}`,
            });
          }
        });
      };
      unique(
        ["offers"],
        "id",
        site.offers.map((offer) => offer.id),
        "ya es el id de otra oferta",
      );
      unique(
        ["people"],
        "slug",
        site.people.map((person) => person.slug),
        "ya es el slug de otra persona",
      );
      unique(
        ["affiliate", "fallbacks"],
        "link",
        site.affiliate.fallbacks.map((fallback) => fallback.link),
        "ya tiene otro destino de reserva",
      );
      // A split names an experiment, declared beside it in `experiments` (its own schema).
      const { experiments = [] } = site as { experiments?: Parameters<typeof splitProblems>[1] };
      for (const { path, message } of splitProblems(site.affiliate.splits, experiments, {
        send: site.affiliate.send_click_id,
        param: site.affiliate.click_id_param,
      })) {
        ctx.addIssue({ code: "custom", path, message });
      }
      if (!site.affiliate.send_click_id) return;
      for (const field of ["login_redirect_link", "signup_redirect_link"] as const) {
        const problem = clickIdProblem(site.header[field], site.affiliate.click_id_param);
        if (problem) ctx.addIssue({ code: "custom", path: ["header", field], message: problem });
      }
      site.affiliate.fallbacks.forEach((fallback, index) => {
        if (!fallback.destination.startsWith("https:")) return;
        const problem = clickIdProblem(fallback.destination, site.affiliate.click_id_param);
        const path = ["affiliate", "fallbacks", index, "destination"];
        if (problem) ctx.addIssue({ code: "custom", path, message: problem });
      });
      site.offers.forEach((offer, index) => {
        for (const field of ["destination", "fallback_destination"] as const) {
          const problem = clickIdProblem(offer[field], site.affiliate.click_id_param);
          if (problem)
            ctx.addIssue({ code: "custom", path: ["offers", index, field], message: problem });
        }
      });
    });
}

/** The site schema without a context: for the types and the JSON Schemas. */
export const SiteSchema = siteSchema();

export type Site = z.output<typeof SiteSchema>;
