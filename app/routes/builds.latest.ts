/** GET /_app/builds/latest.json: the id of the build this server runs (docs/decisions/001-product-rules.md). */
import { json } from "@remix-run/node";

import { buildInfo } from "~/config/build-info.server";

export function loader() {
  return json(buildInfo, { headers: { "Cache-Control": "no-cache" } });
}
