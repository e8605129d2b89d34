/**
 * How the affiliate program's postbacks read, from the current content
 * (site.affiliate.postback). The server reads it through the Remix build's entry
 * (app/entry.server.tsx), since the content lives in the build and is reloaded there.
 */
import { site } from "~/content/content.server";

import type { PostbackMapping } from "./postback-input";

export function postbackMapping(): PostbackMapping {
  return site.affiliate.postback;
}
