/**
 * `npm run content:export`: the published content written as the content folder's files
 * passes the content check, holds what the studio published, and the next start sees the
 * files as unchanged.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, it } from "vitest";

import { contentDirectory } from "~/content/content-files.server";
import { loadContent } from "~/content/load-content.server";
import { openLedgerDatabase } from "~/ledger/database.server";

import { readFileDocuments } from "./content-documents.server";
import { exportContent } from "./content-export.server";
import { ContentStore } from "./content-store.server";

it("writes the published content as files that pass the check, and a start finds nothing new", async () => {
  const database = await openLedgerDatabase(":memory:");
  try {
    const store = new ContentStore(database.db, database.dialect);
    await store.importFiles(readFileDocuments().documents, () => []);
    const home = (await store.published()).get("pages/home")!;
    const page = home.data as { components: Array<{ data: { content: { h1?: string } } }> };
    page.components[0]!.data.content.h1 = "Titular publicado en el estudio";
    await store.publish([{ document: "pages/home", data: page }], "ana", "");
    // A page taken off the site (nothing links to it) loses its file.
    await store.publish([{ document: "pages/ruleta", data: { title: "Ruleta" } }], "ana", "");
    await store.publish([{ document: "pages/ruleta", data: null }], "ana", "fuera");

    const root = mkdtempSync(path.join(tmpdir(), "content-export-"));
    const { written, removed } = await exportContent(store, root);
    expect(written.map((file) => path.relative(root, file)).sort()).toEqual([
      "pages/403.json",
      "pages/404.json",
      "pages/bonos.json",
      "pages/es.json",
      "pages/home.json",
      "pages/privacy.json",
      "pages/responsible.json",
      "pages/terms.json",
      "pages/vip.json",
      "site.json",
    ]);
    expect(removed.map((file) => path.relative(root, file))).toEqual(["pages/ruleta.json"]);
    expect(readFileSync(path.join(root, "pages/home.json"), "utf8")).toContain(
      '"h1": "Titular publicado en el estudio"',
    );
    // The files are valid content: the check the build runs passes on them.
    const checked = loadContent({ root, publicRoot: contentDirectory().publicRoot }, "problem");
    expect(checked.pageCount).toBe(9);

    const head = await store.head();
    expect(await store.importFiles(readFileDocuments(root).documents, () => [])).toEqual({
      published: [],
      conflicts: [],
      problems: [],
    });
    expect(await store.head()).toBe(head);
  } finally {
    await database.close();
  }
});
