/**
 * `npm run content:export`: writes the content published in the studio to the content
 * folder (CONTENT_DIR, default content/) from the database DATABASE_URL names (read as the
 * server reads it, `.env` included; default data/clicks.sqlite). Then `npm run
 * content:check` checks the files and git shows what changed. See docs/editing-content.md.
 */
import path from "node:path";

import "../server/load-env";
import { env } from "../app/config/env.server";
import { openLedgerDatabase } from "../app/ledger/database.server";
import { exportContent } from "../app/studio/content-export.server";
import { ContentStore } from "../app/studio/content-store.server";
import { MediaStore } from "../app/studio/media-store.server";

const database = await openLedgerDatabase(env.DATABASE_URL);
try {
  const store = new ContentStore(database.db, database.dialect);
  if ((await store.head()) === 0) {
    console.error(
      `[content] ${database.describe} holds no content yet: start the site once (npm start) and it brings in the files.`,
    );
    process.exitCode = 1;
  } else {
    const root = path.resolve(env.CONTENT_DIR);
    const publicRoot = path.resolve("public");
    const { written, removed, images } = await exportContent(store, root, {
      store: new MediaStore(database.db),
      publicRoot,
    });
    const shown = (file: string) => path.relative(process.cwd(), file) || file;
    console.log(`[content] from ${database.describe} to ${shown(root)}/:`);
    for (const file of written) console.log(`  written ${shown(file)}`);
    for (const file of removed) console.log(`  removed ${shown(file)} (taken off the site)`);
    if (images.length)
      console.log(`  written ${images.length} image files in ${shown(publicRoot)}/media/`);
  }
} finally {
  await database.close();
}
