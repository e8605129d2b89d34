/**
 * Content rules for links to the affiliate (issue: outbound links): a link to the login
 * or sign-up route must be marked url_type "affiliate" (so it is rendered sponsored and
 * nofollow), and a direct redirect URL must point at the configured affiliate host.
 */
import type { Page, Site } from "./schema";

const REDIRECT_FIELDS = ["redirect_url", "redirect_link", "btn_show_all_redirect_link"];
/** [link field, url_type field] pairs that appear in block content. */
const LINK_FIELDS: [string, string][] = [
  ["url", "url_type"],
  ["link", "url_type"],
  ["btn_show_all_link", "btn_show_all_url_type"],
];

export function findAffiliateLinkProblems(
  page: Page,
  site: Site,
): { path: (string | number)[]; message: string }[] {
  const hosts = new Set(
    [site.header.login_redirect_link, site.header.signup_redirect_link].map(
      (url) => new URL(url).origin,
    ),
  );
  const outbound = new Set(
    [site.header.login_link, site.header.signup_link].flatMap((path) => [
      path,
      path.replace(/\/$/, ""),
    ]),
  );
  const problems: { path: (string | number)[]; message: string }[] = [];

  const visit = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, [...path, index]));
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    for (const field of REDIRECT_FIELDS) {
      const url = record[field];
      if (typeof url === "string" && !hosts.has(new URL(url).origin)) {
        problems.push({
          path: [...path, field],
          message: `debe apuntar al dominio del afiliado (${[...hosts].join(", ")})`,
        });
      }
    }
    for (const [linkField, typeField] of LINK_FIELDS) {
      const link = record[linkField];
      if (
        typeof link === "string" &&
        outbound.has(link) &&
        typeField in record &&
        record[typeField] !== "affiliate"
      ) {
        problems.push({
          path: [...path, typeField],
          message: `debe ser "affiliate": ${link} lleva al afiliado`,
        });
      }
    }
    for (const [key, child] of Object.entries(record)) visit(child, [...path, key]);
  };
  page.components.forEach((component, index) =>
    visit(component.data.content, ["components", index, "data", "content"]),
  );
  return problems;
}
