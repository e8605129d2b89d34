/**
 * What a page's answer depends on, and nothing else, so the cache key neither misses on
 * what does not matter nor mixes what does:
 * - the path (pages read no query string: tracking parameters such as utm_*, gclid or
 *   fbclid, and any other parameter, leave the page as it is);
 * - the interface locale the request resolves to (not the raw Accept-Language);
 * - the country gate's verdict (blocked or not, not the raw country header);
 * - the experiment variants the server assigned the request (experiment-assignment.ts),
 *   on a page under an experiment.
 * A request whose query does change the answer (a Remix data request, `?_data=`), that
 * carries credentials, or whose method is not GET or HEAD has no key: it is never served
 * from, or stored in, the cache. This is the one place that judges the request; whether
 * an answer may be kept is send-document.ts's `isStorable`, which looks at the answer only.
 */
import type { IncomingMessage } from "node:http";

import { isBlockedCountryCode } from "~/affiliate/country-gate.server";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "~/i18n/config";

import { targetOf } from "./request-target";

/** Query parameters that change what Remix answers. */
const MEANINGFUL_PARAMS = ["_data", "index"];
/** The same names in a query without escapes (most queries: tracking parameters). */
const MEANINGFUL_PARAM = /(?:^|&)(?:_data|index)(?:[=&]|$)/;

/**
 * The locale part of the key. With one configured locale every request resolves to it;
 * with several, the cache would have to ask the locale detector, so the raw preference
 * (the `lng` parameter and Accept-Language) keys the entry instead.
 */
function localeKey(params: URLSearchParams, acceptLanguage: string | undefined): string {
  if (SUPPORTED_LOCALES.length === 1) return DEFAULT_LOCALE;
  return `${params.get("lng") ?? ""}|${acceptLanguage ?? ""}`;
}

/** The cache key of a GET or HEAD request, or null when it must not use the cache. */
export function cacheKey(
  req: IncomingMessage,
  countryHeader: string | undefined,
  variants = "",
): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.headers.cookie || req.headers.authorization) return null;
  const { path, query } = targetOf(req);
  let locale: string = DEFAULT_LOCALE;
  // Only a query with escapes, or several locales, need a parser to read its names.
  if (!query.includes("%") && SUPPORTED_LOCALES.length === 1) {
    if (MEANINGFUL_PARAM.test(query)) return null;
  } else {
    const params = new URLSearchParams(query);
    if (MEANINGFUL_PARAMS.some((name) => params.has(name))) return null;
    locale = localeKey(params, req.headers["accept-language"]);
  }
  const country = countryHeader ? req.headers[countryHeader] : undefined;
  const blocked = isBlockedCountryCode(typeof country === "string" ? country : undefined);
  const page = `${blocked ? "blocked" : "open"}|${locale}|${path}`;
  return variants ? `${page}|${variants}` : page;
}
