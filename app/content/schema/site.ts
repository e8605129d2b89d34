/** The site configuration: header, footer, head metadata and site-wide texts (docs/decisions/001-product-rules.md). */
import { z } from "zod";

import { href, httpsUrl, image, link, localAsset, slug, text } from "./primitives";

/** Names the sub-id parameter may not take: the affiliate's own identifiers. */
export const RESERVED_AFFILIATE_PARAMS = ["partner", "banner"];

/** A one-segment site path with a trailing slash, e.g. "/login/". */
const outboundPath = z
  .string()
  .regex(/^\/[a-z0-9-]+\/$/, 'must be a one-segment path with a trailing slash, e.g. "/login/"');

/** A linked logo with its intrinsic size (reviewers, restrictions). */
const linkedLogo = z.object({
  url: href,
  image: localAsset,
  alt: text,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const errorText = z.object({ title: text, text });

export const SiteSchema = z.object({
  /** The (fictional) brand, as written in running text. */
  brand_name: text,
  header: z.object({
    /** Where the logo leads, normally "/". */
    logo_link: href,
    /** Desktop logo. */
    logo_image: image,
    /** Compact logo for phones (shown below 768 px). */
    logo_mob_image: image,
    /**
     * Login button: label and path of the outbound login route ("/login/"). The route
     * answers 302 to `login_redirect_link`; the form without the trailing slash does too.
     */
    login_link: outboundPath,
    login_text: text,
    /** Sign-up button: label and path of the outbound sign-up route ("/sing-up/"). */
    signup_link: outboundPath,
    signup_text: text,
    /**
     * The affiliate URLs the login and sign-up routes redirect to: absolute https URLs
     * carrying the partner and banner parameters. Visitors can never change them.
     */
    login_redirect_link: httpsUrl,
    signup_redirect_link: httpsUrl,
  }),
  affiliate: z.object({
    /**
     * Name of the sub-id parameter carried from the landing URL to the affiliate, next to
     * utm_source, utm_medium, utm_campaign, utm_content, utm_term, gclid and fbclid.
     */
    subid_param: z
      .string()
      .regex(/^[a-z0-9_]{1,32}$/, "must be 1-32 characters of a-z, 0-9 and _")
      .refine((name) => !RESERVED_AFFILIATE_PARAMS.includes(name), {
        message: `must not be ${RESERVED_AFFILIATE_PARAMS.join(" or ")}`,
      }),
  }),
  footer: z.object({
    /** Link menus, e.g. "Enlaces Útiles". */
    menus: z.array(z.object({ header: text, links: z.array(link).min(1) })).min(1),
    /** Social profiles: URL, name (for screen readers) and icon. */
    socials: z.array(z.object({ url: httpsUrl, name: text, image: localAsset })).min(1),
    logo_link: href,
    logo_image: image,
    /** Heading above the reviewer logos, e.g. "Analizado por". */
    reviewers_title: text,
    /** Logos of review and certification sites. */
    reviewers: z.array(linkedLogo),
    /** The age-restriction mark (18+). */
    restrictions: linkedLogo,
    /** Responsible-gambling notice shown on every page. */
    responsible_gambling: z.object({
      /** e.g. "18+". */
      age_badge: text,
      /** e.g. "Juega con responsabilidad". */
      message: text,
      /** Links to the responsible-gambling page and to help organisations. */
      links: z.array(link).min(1),
    }),
    /** Copyright, operator and licence line. */
    copyright_text: text,
  }),
  meta: z.object({
    /**
     * Public origin of the site (no path), used for the canonical URL, Open Graph, the
     * sitemap and structured data. The SITE_URL environment variable overrides it.
     */
    site_url: httpsUrl.refine(
      (value) => new URL(value).pathname === "/" && !new URL(value).search,
      {
        message: "must be an origin such as https://www.example.com, without a path",
      },
    ),
    /** Name of the home page in breadcrumbs, e.g. "Inicio". */
    breadcrumb_home: text,
    /**
     * Pages that are language or region versions of each other. Each of them links to all
     * of them with <link rel="alternate" hreflang>; "x-default" marks the fallback.
     */
    hreflang: z.array(z.object({ slug, hreflang: text })).default([]),
    meta_settings: z.object({
      /** Default language of pages, e.g. "es-ES". */
      lang: text,
      /** Social sharing image (1200×630). */
      image_url: localAsset,
      og_locale: text,
      og_site_name: text,
      twitter_creator: text,
      twitter_image_alt: text,
      twitter_image_src: localAsset,
      "og:image:secure_url": localAsset,
    }),
    links_settings: z.object({ favicon: localAsset, apple_touch_icon: localAsset }),
    meta_scripts_settings: z.object({
      /** Slugs listed in the site-navigation structured data. */
      pages: z.array(slug),
    }),
  }),
  /** Texts of error pages other than 404/403 (those are content pages). */
  errors: z.object({
    /** 400: a request the site cannot process (e.g. an unsupported locale). */
    bad_request: errorText,
    /** 404 raised by the browser's router (the /404 page covers every other 404). */
    not_found: errorText,
    /** 405: a method other than GET or HEAD on a page. */
    method_not_allowed: errorText,
    /** 413: a form or request body larger than the site accepts. */
    payload_too_large: errorText,
    server_error: errorText,
    /** Label of the button back to the home page. */
    home_button_text: text,
  }),
});

export type Site = z.output<typeof SiteSchema>;
