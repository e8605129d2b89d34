/**
 * The production server's entry (`npm start` runs its build, build/server/index.js;
 * `npm run dev` runs this file with tsx under `remix dev`). It reads `.env` when present,
 * parses the environment once (an invalid value stops the boot, naming the variable),
 * loads the Remix build, listens, and shuts down gracefully. In development it loads each
 * new build as `remix dev` writes it, and tells `remix dev` when it is ready, so the open
 * tab reloads by itself; and it loads the build again on every save in the content folder
 * (server/dev-content.ts).
 */
import "./load-env";

import { watch } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";

import { openLedgerDatabase } from "~/clicks/database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { env } from "~/config/env.server";

import { createSiteServer } from "./app";
import { asContentProblems, DevContent } from "./dev-content";
import { PageCache } from "./page-cache";
import { installGracefulShutdown, onShutdown } from "./shutdown";

installGlobals({ nativeFetch: true });

const root = process.cwd();
const buildPath = path.join(root, "build", "index.js");
const development = env.NODE_ENV === "development";

async function importBuild(): Promise<ServerBuild> {
  // A query string makes Node load the rebuilt file instead of its cached module.
  const url = `${pathToFileURL(buildPath).href}${development ? `?t=${Date.now()}` : ""}`;
  return (await import(url)) as ServerBuild;
}

/**
 * Loads the build, which reads and checks the content as it loads. Invalid content stops
 * a production boot with the list of problems (no stack: the list is the message); in
 * development the server starts anyway and shows the list on every page until it is fixed.
 */
async function loadBuild(): Promise<ServerBuild | null> {
  try {
    const loaded = await importBuild();
    devContent?.loaded();
    return loaded;
  } catch (error) {
    const problems = asContentProblems(error);
    if (!problems) throw error;
    if (!devContent) {
      console.error((error as Error).message);
      process.exit(1);
    }
    devContent.failed(problems);
    return null;
  }
}

const devContent = development ? new DevContent() : null;
/** The last build that loaded (null only while the content has been invalid since the start). */
let build = await loadBuild();

/** The click ledger (app/clicks), opened and migrated before the first request. */
async function openLedger(): Promise<ClickLedger | null> {
  if (!env.CLICK_LEDGER) {
    console.log("[clicks] ledger off (CLICK_LEDGER=false): clicks are not recorded");
    return null;
  }
  const database = await openLedgerDatabase(env.DATABASE_URL).catch((error: unknown) => {
    console.error(`[clicks] cannot open the click ledger: ${(error as Error).message}`);
    process.exit(1);
  });
  const ledger = new ClickLedger(database);
  console.log(`[clicks] ledger: ${database.describe}`);
  onShutdown(() => ledger.close());
  /** Deletes clicks past the retention period now and once a day. */
  const applyRetention = async () => {
    try {
      const removed = await ledger.prune(env.CLICK_RETENTION_DAYS);
      if (removed > 0) console.log(`[clicks] retention: removed ${removed} clicks`);
    } catch (error) {
      console.error(`[clicks] retention failed: ${(error as Error).message}`);
    }
  };
  void applyRetention();
  setInterval(() => void applyRetention(), 24 * 60 * 60 * 1000).unref();
  return ledger;
}

const clicks = await openLedger();

const server = createSiteServer({
  env,
  // Never null when used: while the content is invalid, devContent answers every page.
  build: () => build!,
  // Without a build (development, invalid content from the start) the defaults of
  // remix.config.js: the assets are served from /build/ in public/build.
  assets: build
    ? { publicPath: build.publicPath, directory: build.assetsBuildDirectory }
    : { publicPath: "/build/", directory: path.join(root, "public", "build") },
  publicDirectory: path.join(root, "public"),
  cache: development ? null : new PageCache(),
  log: (line) => console.log(line),
  clicks,
  devContent,
});

if (devContent) {
  onShutdown(() => devContent.close());
  /** Loads the build again, after `remix dev` rebuilt it or a content file was saved. */
  const reload = async (rebuilt: boolean) => {
    try {
      const loaded = await loadBuild();
      if (!loaded) return;
      build = loaded;
      // After a rebuild, `remix dev` updates the open tabs; content saves go through devContent.
      if (rebuilt) await broadcastDevReady(loaded);
    } catch (error) {
      console.error(`[server] could not load the new build: ${(error as Error).message}`);
    }
  };
  const debounced = (rebuilt: boolean) => {
    let timer: NodeJS.Timeout | undefined;
    return () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(rebuilt), 50);
    };
  };
  const onBuild = debounced(true);
  watch(path.dirname(buildPath), (_event, file) => {
    if (file === "index.js") onBuild();
  });
  const onContent = debounced(false);
  watch(path.resolve(root, env.CONTENT_DIR), { recursive: true }, (_event, file) => {
    if (file?.endsWith(".json")) onContent();
  });
}

installGracefulShutdown(server);

server.listen(env.PORT, env.HOST, () => {
  console.log(`[server] http://${env.HOST ?? "localhost"}:${env.PORT} (${env.NODE_ENV})`);
  if (development && build) void broadcastDevReady(build);
});
