/**
 * The public configuration object the page carries (docs/decisions/001-product-rules.md): where the build assets
 * live, the site's base and CDN URLs, the build id and the public analytics settings.
 * Nothing secret goes in it. It is written as a JSON data block (not executable, so the
 * Content-Security-Policy needs no exception) and exposed as window.__APP_CONFIG__.
 */
export type AppConfig = {
  assetsPath: string;
  baseUrl: string;
  cdnUrl: string | null;
  buildId: string;
  analytics: { enabled: boolean; host: string | null; siteId: string | null };
};

export const APP_CONFIG_ELEMENT_ID = "app-config";

declare global {
  interface Window {
    __APP_CONFIG__?: AppConfig;
  }
}

/** JSON safe inside a <script> element: "<" can never close it. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Reads the configuration block once, in the browser. */
export function readAppConfig(doc: Document = document): AppConfig | undefined {
  const text = doc.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as AppConfig;
  } catch {
    return undefined;
  }
}
