/**
 * GET /_app/builds/meta/<id>.json: metadata of a build. Only the running build exists;
 * its metadata never changes, so it is cacheable for a year. Any other id is a 404.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { buildInfo, manifestUrl } from "~/config/build-info.server";

export function loader({ params }: LoaderFunctionArgs) {
  if (params.file !== `${buildInfo.id}.json`) {
    return json(
      { error: "Unknown build" },
      { status: 404, headers: { "Cache-Control": "public, max-age=60" } },
    );
  }
  return json(
    { ...buildInfo, manifest: manifestUrl },
    { headers: { "Cache-Control": "public, max-age=31536000, immutable" } },
  );
}
