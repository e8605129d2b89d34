/**
 * The structured-data graph of a page (one JSON-LD @graph, nodes linked by @id): WebSite,
 * Organization, WebPage (ProfilePage on a person's page) with its author and reviewer as
 * Person nodes, BreadcrumbList (not on home), FAQPage (when a Faq block opts in),
 * SiteNavigationElement for the slugs in meta_scripts_settings.pages, plus the page's own
 * scripts_settings objects.
 */
import type {
  BreadcrumbList,
  FAQPage,
  Graph,
  ImageObject,
  Organization,
  Person,
  SiteNavigationElement,
  Thing,
  WebPage,
  WebSite,
} from "schema-dts";

import { personPath } from "~/content/record-pages";
import type { Page, Site } from "~/content/schema";

import { faqItems, modifiedTime } from "./page-facts";

/** Intrinsic sizes of the structured-data images (docs/decisions/001-product-rules.md). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const LOGO_SIZE = { width: 206, height: 81 } as const;
/** The PNG rendering of the footer logo, made by scripts/generate-images.ts. */
export const LOGO_PNG = "/images/brand/logo.png";

/**
 * Image sizes as integers, as Google's structured-data documentation writes them
 * (schema-dts types them as Distance text, hence the cast).
 */
function size({ width, height }: { width: number; height: number }) {
  return { width, height } as unknown as { width: string; height: string };
}

type GraphInput = { page: Page; site: Site; pages: readonly Page[]; origin: string; lang: string };

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

export function buildJsonLd({ page, site, pages, origin, lang }: GraphInput): Graph {
  const url = (path: string) => absoluteUrl(origin, path);
  const pageUrl = url(page.slug);
  const ids = {
    website: `${url("/")}#website`,
    organization: `${url("/")}#organization`,
    webpage: `${pageUrl}#webpage`,
    breadcrumb: `${pageUrl}#breadcrumb`,
    faq: `${pageUrl}#faq`,
  };
  const settings = site.meta.meta_settings;

  const logo: ImageObject = {
    "@type": "ImageObject",
    "@id": `${url("/")}#logo`,
    url: url(LOGO_PNG),
    ...size(LOGO_SIZE),
    caption: site.brand_name,
  };
  const organization: Organization = {
    "@type": "Organization",
    "@id": ids.organization,
    name: site.brand_name,
    legalName: site.meta.organization.legal_name,
    url: url("/"),
    logo,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: site.meta.organization.contact_point.contact_type,
      email: site.meta.organization.contact_point.email,
      availableLanguage: site.meta.organization.contact_point.available_language,
      areaServed: site.meta.organization.contact_point.area_served,
    },
    sameAs: site.footer.socials.map((social) => social.url),
  };
  const website: WebSite = {
    "@type": "WebSite",
    "@id": ids.website,
    url: url("/"),
    name: settings.og_site_name,
    alternateName: settings.alternate_name,
    inLanguage: lang,
    publisher: { "@id": ids.organization },
  };
  const isHome = page.slug === "/";
  const faq = faqItems(page);
  const modified = modifiedTime(page, settings.time_zone);
  // The people who sign the page, each a Person node whose @id is on their own page.
  const personId = (slug: string) => `${url(personPath(slug))}#person`;
  const signers = [page.byline?.author, page.byline?.reviewer].filter(
    (slug): slug is string => slug !== undefined,
  );
  const people = site.people.filter((person) => signers.includes(person.slug));
  const profileOf = site.people.find((person) => url(personPath(person.slug)) === pageUrl);
  const webpage: WebPage = {
    "@type": profileOf ? "ProfilePage" : "WebPage",
    "@id": ids.webpage,
    url: pageUrl,
    name: page.meta.title,
    description: page.meta.description,
    inLanguage: lang,
    isPartOf: { "@id": ids.website },
    about: { "@id": ids.organization },
    primaryImageOfPage: {
      "@type": "ImageObject",
      url: url(settings.image_url),
      ...size(SOCIAL_IMAGE_SIZE),
    },
    ...(modified ? { dateModified: modified } : {}),
    ...(page.byline ? { author: { "@id": personId(page.byline.author) } } : {}),
    ...(page.byline?.reviewer ? { reviewedBy: { "@id": personId(page.byline.reviewer) } } : {}),
    ...(profileOf ? { mainEntity: { "@id": personId(profileOf.slug) } } : {}),
    ...(isHome ? {} : { breadcrumb: { "@id": ids.breadcrumb } }),
  };

  const nodes: Thing[] = [website, organization, webpage];
  for (const person of profileOf && !people.includes(profileOf) ? [...people, profileOf] : people) {
    const node: Person = {
      "@type": "Person",
      "@id": personId(person.slug),
      name: person.name,
      url: url(personPath(person.slug)),
      jobTitle: person.role,
      description: person.bio,
      image: url(person.photo.url),
      worksFor: { "@id": ids.organization },
      ...(person.links.length > 0 ? { sameAs: person.links.map((link) => link.url) } : {}),
    };
    nodes.push(node);
  }
  if (!isHome) {
    // A page under a hub page (/metodos-de-pago/bizum under /metodos-de-pago) lists it too.
    const parent = page.slug.slice(0, page.slug.lastIndexOf("/"));
    const hub = parent ? pages.find((candidate) => candidate.slug === parent) : undefined;
    const breadcrumb: BreadcrumbList = {
      "@type": "BreadcrumbList",
      "@id": ids.breadcrumb,
      itemListElement: [
        { "@type": "ListItem", position: 1, name: site.meta.breadcrumb_home, item: url("/") },
        ...(hub
          ? [{ "@type": "ListItem" as const, position: 2, name: hub.title, item: url(hub.slug) }]
          : []),
        { "@type": "ListItem", position: hub ? 3 : 2, name: page.title, item: pageUrl },
      ],
    };
    nodes.push(breadcrumb);
  }
  if (faq.length > 0) {
    const faqPage: FAQPage = {
      "@type": "FAQPage",
      "@id": ids.faq,
      isPartOf: { "@id": ids.webpage },
      inLanguage: lang,
      mainEntity: faq.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    };
    nodes.push(faqPage);
  }
  for (const slug of site.meta.meta_scripts_settings.pages) {
    const target = pages.find((candidate) => candidate.slug === slug);
    const element: SiteNavigationElement = {
      "@type": "SiteNavigationElement",
      "@id": `${url("/")}#nav${slug === "/" ? "" : slug.replaceAll("/", "-")}`,
      name: target?.title ?? slug,
      url: url(slug),
      isPartOf: { "@id": ids.website },
    };
    nodes.push(element);
  }
  for (const extra of page.meta.scripts_settings) {
    const { "@context": _context, ...node } = extra;
    // Content is validated to be an object with an @type; its properties are the editor's.
    nodes.push(node as unknown as Thing);
  }
  return { "@context": "https://schema.org", "@graph": nodes };
}
