/**
 * The production server's entry (`npm start` runs its build, build/server/index.js;
 * `npm run dev` runs this file with tsx under `remix dev`). It reads `.env` when present,
 * parses the environment once (an invalid value stops the boot, naming the variable),
 * loads the Remix build, listens, and shuts down gracefully. In development it loads each
 * new build as `remix dev` writes it, and tells `remix dev` when it is ready, so the open
 * tab reloads by itself.
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

let build = await importBuild();

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
  build: () => build,
  publicDirectory: path.join(root, "public"),
  cache: development ? null : new PageCache(),
  log: (line) => console.log(line),
  clicks,
});

if (development) {
  let timer: NodeJS.Timeout | undefined;
  watch(path.dirname(buildPath), (_event, file) => {
    if (file !== "index.js") return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        build = await importBuild();
        await broadcastDevReady(build);
      } catch (error) {
        console.error(`[server] could not load the new build: ${(error as Error).message}`);
      }
    }, 50);
  });
}

installGracefulShutdown(server);

server.listen(env.PORT, env.HOST, () => {
  console.log(`[server] http://${env.HOST ?? "localhost"}:${env.PORT} (${env.NODE_ENV})`);
  if (development) void broadcastDevReady(build);
});
