/**
 * The site's content, validated once when the server build loads. Invalid content throws
 * a ContentError naming file, JSON path and problem, so the server does not start.
 */
import { pageFiles, siteFile } from "../../content/index";

import { toPublicSite } from "./public-site";

import { parseContent } from "./parse-content";

export const { site, pages, links } = parseContent(siteFile, pageFiles);

/** What the root loader sends to every page (no affiliate destinations). */
export const publicSite = toPublicSite(site);
