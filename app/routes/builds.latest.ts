/** GET /_app/builds/latest.json: the id of the build this server runs (SPEC §7). */
import { json } from "@remix-run/node";

import { buildInfo } from "~/config/build-info.server";

export function loader() {
  return json(buildInfo, { headers: { "Cache-Control": "no-cache" } });
}
