/**
 * What every dashboard route (/admin, /admin/experiments, /admin/import, /admin/postbacks)
 * answers alike: its headers (an action's answer wins over the loader's, an error's over
 * both) and its head (the page's title once logged in, the login form's before; never
 * indexed).
 */
import type { HeadersFunction, MetaFunction } from "@remix-run/node";

import type { loader as rootLoader } from "~/root";
import { errorDescriptors } from "~/seo/seo-meta";

export const adminHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export function adminMeta(title: string): MetaFunction<unknown, { root: typeof rootLoader }> {
  return ({ data, error, matches }) => {
    if (error) {
      return errorDescriptors(error, matches.find((match) => match.id === "root")?.data?.site);
    }
    const loggedIn = (data as { state?: string } | undefined)?.state !== "login";
    return [
      { title: data && loggedIn ? title : "Acceso al panel de afiliación" },
      { name: "robots", content: "noindex, nofollow" },
    ];
  };
}
