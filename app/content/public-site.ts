/**
 * The part of the site config the browser needs (header, footer, error texts, default
 * language). The affiliate destinations stay on the server behind /login/ and /sing-up/.
 */
import type { Site } from "~/content/schema";

export type PublicSite = {
  header: Omit<Site["header"], "login_redirect_link" | "signup_redirect_link">;
  footer: Site["footer"];
  /** The brand, as written in running text. */
  brand: string;
  /** Only what the browser's link rewriter needs; click ids and postbacks stay on the server. */
  affiliate: Pick<Site["affiliate"], "subid_param">;
  errors: Site["errors"];
  ui: Site["ui"];
  lang: string;
  favicon: string;
  appleTouchIcon: string;
};

export function toPublicSite(site: Site): PublicSite {
  const { login_redirect_link: _login, signup_redirect_link: _signup, ...header } = site.header;
  return {
    header,
    footer: site.footer,
    brand: site.brand_name,
    affiliate: { subid_param: site.affiliate.subid_param },
    errors: site.errors,
    ui: site.ui,
    lang: site.meta.meta_settings.lang,
    favicon: site.meta.links_settings.favicon,
    appleTouchIcon: site.meta.links_settings.apple_touch_icon,
  };
}
