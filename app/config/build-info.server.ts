/**
 * The id of this build (the version of Remix's asset manifest, the same id the browser
 * bundle knows as window.__remixManifest.version) and when it was built.
 */
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

import assetsManifest from "@remix-run/dev/assets-manifest";

export type BuildInfo = { id: string; timestamp: number };

function builtAt(): number {
  try {
    // In production this module is part of build/index.js, written by `remix build`.
    return Math.round(statSync(fileURLToPath(import.meta.url)).mtimeMs);
  } catch {
    return 0;
  }
}

export const buildInfo: BuildInfo = { id: assetsManifest.version, timestamp: builtAt() };

/** URL of the browser's asset manifest of this build (on the CDN when CDN_URL is set). */
export const manifestUrl = assetsManifest.url;
