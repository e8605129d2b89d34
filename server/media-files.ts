/**
 * The media library's files (/media/<name>-<id>-<width>.webp), read from the database the
 * studio stored them in (app/studio/media-store.server.ts), so every instance serves the
 * same files. A file's name holds the hash of its image, so it never changes: cached for a
 * year. A path the library does not hold goes on to the site's 404 page.
 */
import type { RequestHandler } from "express";

import type { StudioAccess } from "~/load-context";
import { MEDIA_PATH } from "~/studio/media.server";

import { setHeaders, type HeaderList } from "./site-headers";

const FILE_NAME = /^\/media\/[a-z0-9-]{1,100}\.webp$/;

export function mediaFiles(studio: StudioAccess | null, site: HeaderList): RequestHandler {
  return (req, res, next) => {
    if (!studio || (req.method !== "GET" && req.method !== "HEAD")) return next();
    if (!req.path.startsWith(MEDIA_PATH) || !FILE_NAME.test(req.path)) return next();
    studio.media.file(req.path).then((file) => {
      if (!file) return next();
      setHeaders(res, site);
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Length", String(file.body.length));
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.status(200).end(req.method === "HEAD" ? undefined : file.body);
    }, next);
  };
}
