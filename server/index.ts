/**
 * The production server's entry (`npm start` runs its build, build/server/index.js;
 * `npm run dev` runs this file with tsx under `remix dev`, scripts/dev.ts). It reads `.env`
 * when present, parses the environment once (an invalid value stops the boot, naming the
 * variable), loads the Remix build and checks what the server needs of it (app-build.ts: a
 * build missing a member stops the boot, naming it), listens, and shuts down gracefully.
 * `npm run dev` builds into .dev/ and `npm start` serves build/, so neither overwrites the
 * other; `npm start` refuses a development build in build/ all the same. In development
 * it loads each new build as `remix dev` writes it and tells `remix dev` when it is ready,
 * so the open tab reloads by itself; on every save in the content folder it reads the
 * content again into the loaded build, as data (server/dev-content.ts,
 * docs/decisions/010-content-reload-in-development.md).
 */
import "./runtime";
import "./load-env";

import { watch } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";

import { visitorKeys } from "~/clicks/click-record.server";
import { openLedgerDatabase } from "~/ledger/database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { VisitorSalts } from "~/ledger/visitor-salts.server";
import { ConversionLedger } from "~/conversions/ledger.server";
import { env } from "~/config/env.server";
import type { LedgerDatabase } from "~/ledger/database.server";
import { reportQueries, type ReportQueries } from "~/reports/clicks.server";
import { ContentStore } from "~/studio/content-store.server";
import { MediaStore } from "~/studio/media-store.server";
import { NotFoundLog } from "~/redirects/not-found-log.server";
import { PeopleStore } from "~/admin/people.server";
import { SavedViews } from "~/admin/saved-views.server";
import { ViewLedger } from "~/views/ledger.server";

import { createSiteServer } from "./app";
import { CurrentBuild } from "./app-build";
import { startContentSync } from "./content-sync";
import { watchContent } from "./content-watcher";
import { asContentProblems, DevContent } from "./dev-content";
import { lineWriter } from "./log-lines";
import { PageCache } from "./page-cache";
import { scheduleRetention } from "./retention";
import { LinkHistory } from "~/link-health/history.server";
import { LinkMonitor } from "~/link-health/monitor.server";
import { evaluateAlerts } from "~/alerts/evaluate.server";
import { alertChannels } from "~/alerts/notify.server";
import { installGracefulShutdown, onShutdown } from "./shutdown";

installGlobals({ nativeFetch: true });

const root = process.cwd();
const development = env.NODE_ENV === "development";
/** `remix dev` builds into .dev/ (remix.config.js), never over the production build. */
const buildPath = path.join(root, development ? ".dev/build" : "build", "index.js");
const devContent = development ? new DevContent() : null;

async function importBuild(): Promise<ServerBuild> {
  // A query string makes Node load the rebuilt file instead of its cached module. Each
  // import stays in memory for good, so only code rebuilds come here, never content saves.
  const url = `${pathToFileURL(buildPath).href}${development ? `?t=${Date.now()}` : ""}`;
  return (await import(url)) as ServerBuild;
}

/**
 * Imports the build. A production build reads and checks the content as it loads: invalid
 * content stops the boot with the list of problems (no stack: the list is the message). A
 * development build leaves the content to devContent, which shows the problems on every
 * page until they are fixed.
 */
async function loadBuild(): Promise<ServerBuild> {
  let loaded: ServerBuild;
  try {
    loaded = await importBuild();
  } catch (error) {
    if (!asContentProblems(error)) throw error;
    console.error((error as Error).message);
    process.exit(1);
  }
  if (loaded.mode === "development" && !development) {
    // Its pages would not hydrate (its browser assets are development ones) and nothing
    // would say why.
    console.error(
      `[server] build/ holds a development build (written by \`npm run dev\`), which NODE_ENV=${env.NODE_ENV} cannot serve. Run \`npm run build\` first, then \`npm start\`.`,
    );
    process.exit(1);
  }
  return loaded;
}

/**
 * The build the server runs, swapped only here (in development, at each rebuild); in
 * development its content may be invalid: devContent says.
 */
const firstLoaded = await loadBuild();
const currentBuild = (() => {
  try {
    return new CurrentBuild(firstLoaded, env.NODE_ENV);
  } catch (error) {
    // The build lacks what the server needs of it: the message names it.
    console.error(`[server] ${(error as Error).message}`);
    process.exit(1);
  }
})();
devContent?.read(currentBuild.app());
const { remix: firstBuild } = currentBuild.current();

/**
 * The ledger's database (app/ledger) and the write side of each family in it: clicks
 * (app/clicks), conversions (app/conversions) and page views (app/views), opened and
 * migrated before the first request.
 */
async function openLedgers(): Promise<{
  clicks: ClickLedger | null;
  conversions: ConversionLedger | null;
  views: ViewLedger | null;
  reports: ReportQueries | null;
  database: LedgerDatabase | null;
}> {
  if (!env.CLICK_LEDGER) {
    console.log(
      "[clicks] ledger off (CLICK_LEDGER=false): clicks and page views are not recorded, postbacks not received",
    );
    return { clicks: null, conversions: null, views: null, reports: null, database: null };
  }
  const database = await openLedgerDatabase(env.DATABASE_URL).catch((error: unknown) => {
    console.error(`[clicks] cannot open the click ledger: ${(error as Error).message}`);
    process.exit(1);
  });
  const ledger = new ClickLedger(database);
  const conversions = new ConversionLedger(database, ledger, { timeZone: env.REPORT_TIME_ZONE });
  // Conversions a previous run stored and did not count yet (it stopped between the two).
  void conversions.flush();
  const views = new ViewLedger(database);
  console.log(`[clicks] ledger: ${database.describe}`);
  if (database.dialect === "postgres" && env.ADMIN_PASSWORD && !env.SESSION_SECRET) {
    // A shared ledger usually means several instances: each would sign the studio's shared
    // preview links with its own random secret (sessions live in the database).
    console.warn(
      "[admin] WARNING: SESSION_SECRET is unset with a PostgreSQL ledger: every instance signs the studio's shared preview links with its own random secret, so a link opens on one instance only. Set the same SESSION_SECRET on every instance.",
    );
  }
  // Conversions first: their pending writes may still need the clicks written. The click
  // ledger last: it closes the database.
  onShutdown(async (deadline) => {
    await Promise.all([conversions.close(), views.close(deadline)]);
    await ledger.close(deadline);
  });
  // The visitor key's daily salts: in memory on SQLite, shared by every instance on
  // PostgreSQL; never beside the keys (decision 017).
  const salts = new VisitorSalts(database, visitorKeys, env.REPORT_TIME_ZONE);
  await salts.start();
  onShutdown(() => salts.stop());
  // Retention, once for the whole site when instances share PostgreSQL (server/retention.ts).
  const stopRetention = scheduleRetention(
    { clicks: ledger, conversions, views, dialect: database.dialect },
    env.CLICK_RETENTION_DAYS,
  );
  onShutdown(stopRetention);
  // The read side: every report, on the database's reader (app/reports).
  return {
    clicks: ledger,
    conversions,
    views,
    reports: reportQueries(database.reader),
    database,
  };
}

const { clicks, conversions, views, reports, database } = await openLedgers();

/**
 * The destination monitor (app/link-health): every LINK_CHECK_MINUTES, once for the site,
 * the content's affiliate destinations are checked; every instance reads the verdicts each
 * minute, and the outbound redirect sends a broken link's clicks to its fallback.
 */
const linkMonitor = database
  ? new LinkMonitor(new LinkHistory(database.db), database.db, {
      everyMs: env.LINK_CHECK_MINUTES * 60_000,
      log: (line) => console.log(line),
      // After each run, the alerts: incidents opened and resolved, each sent once.
      afterRun: (plan, latest) =>
        evaluateAlerts({
          db: database.db,
          destinations: plan.destinations,
          latest,
          checks: plan.affiliate.checks,
          channels: alertChannels(env, plan.site),
        }),
    })
  : null;

const cache = development ? null : new PageCache();

/**
 * The dashboard's accounts, sessions and audit log: in the ledger's database, or, with the
 * ledger off, in a database in memory (sessions end with the process; only ADMIN_PASSWORD's
 * account exists there).
 */
const peopleDatabase = database ?? (await openLedgerDatabase(":memory:"));
if (!database) onShutdown(() => peopleDatabase.close());
const people = new PeopleStore(peopleDatabase.db, () => Boolean(env.ADMIN_PASSWORD));
const savedViews = new SavedViews(peopleDatabase.db);

/**
 * The content studio (app/studio, decision 022): with the ledger's database on, the content
 * served is what the studio published there, the content files' changes brought in at each
 * start; without it, the content files alone.
 */
const studio = database
  ? await (async () => {
      const store = new ContentStore(database.db, database.dialect, Date.now, env.REPORT_TIME_ZONE);
      const media = new MediaStore(database.db);
      const sync = await startContentSync({
        store,
        media,
        app: currentBuild.app,
        cache,
        contentRoot: path.resolve(root, env.CONTENT_DIR),
        purgeUrl: env.CONTENT_PURGE_URL,
        audit: (actor, action, target, detail) => people.audit(actor, action, target, detail),
      });
      onShutdown(() => sync.stop());
      const notFound = new NotFoundLog(database.db, database.dialect);
      onShutdown(() => notFound.stop());
      return { store, media, notFound, refresh: sync.refresh, importFiles: sync.importFiles };
    })().catch((error: unknown) => {
      console.error(`[content] cannot read the studio's content: ${(error as Error).message}`);
      process.exit(1);
    })
  : null;

if (!currentBuild.app().hasContent()) {
  // Neither the files nor the studio hold valid content: nothing to serve.
  console.error(currentBuild.app().filesProblem()?.message ?? "[content] no content to serve");
  process.exit(1);
}
if (studio && currentBuild.app().filesProblem()) {
  console.error(
    `[content] the content files are not valid; the content published in the studio serves.\n${currentBuild.app().filesProblem()?.message}`,
  );
}

const server = createSiteServer({
  env,
  build: currentBuild.current,
  assets: { publicPath: firstBuild.publicPath, directory: firstBuild.assetsBuildDirectory },
  publicDirectory: path.join(root, "public"),
  cache,
  log: lineWriter(),
  clicks,
  conversions,
  views,
  reports,
  people,
  savedViews,
  studio,
  devContent,
  linkMonitor,
});

if (linkMonitor) {
  onShutdown(linkMonitor.schedule(() => currentBuild.app().linkCheckPlan()));
}

if (devContent) {
  onShutdown(() => devContent.close());
  const content = watchContent(path.resolve(root, env.CONTENT_DIR), () => {
    try {
      devContent.read(currentBuild.app());
      void studio?.importFiles().catch((error: unknown) => {
        console.error(`[content] could not bring in the files: ${(error as Error).message}`);
      });
    } catch (error) {
      console.error(`[server] could not read the content: ${(error as Error).stack ?? error}`);
    }
  });
  onShutdown(() => content.close());
  /** Loads the build again after `remix dev` rebuilt it, and updates the open tabs. */
  const rebuilt = async () => {
    try {
      currentBuild.swap(await loadBuild());
      devContent?.read(currentBuild.app());
      await broadcastDevReady(currentBuild.current().remix);
    } catch (error) {
      console.error(`[server] could not load the new build: ${(error as Error).message}`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const builds = watch(path.dirname(buildPath), (_event, file) => {
    if (file !== "index.js") return;
    clearTimeout(timer);
    timer = setTimeout(() => void rebuilt(), 50);
  });
  onShutdown(() => builds.close());
}

installGracefulShutdown(server);

server.listen(env.PORT, env.HOST, () => {
  console.log(
    `[server] http://${env.HOST ?? "localhost"}:${env.PORT} (${env.NODE_ENV}, Node ${process.version})`,
  );
  if (!development) return;
  // remix dev's own server (live reload and HMR), on the port scripts/dev.ts chose.
  const devOrigin = process.env.REMIX_DEV_ORIGIN;
  if (devOrigin) console.log(`[server] remix dev (live reload): ${devOrigin} (DEV_PORT)`);
  void broadcastDevReady(currentBuild.current().remix);
});
