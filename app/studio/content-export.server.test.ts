/**
 * `npm run content:export`: the published content written as the content folder's files
 * passes the content check, holds what the studio published (a photo of the media library
 * included, written to public/media/), and the next start sees the files as unchanged.
 */
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { expect, it } from "vitest";

import { contentDirectory } from "~/content/content-files.server";
import { loadContent } from "~/content/load-content.server";
import { openLedgerDatabase } from "~/ledger/database.server";

import { readFileDocuments } from "./content-documents.server";
import { exportContent } from "./content-export.server";
import { ContentStore } from "./content-store.server";
import { processUpload } from "./media.server";
import { chosenImage, MediaStore } from "./media-store.server";

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

    // A photo of the media library in the promo block of /es.
    const media = new MediaStore(database.db);
    const photo = await media.add(
      await processUpload({
        fileName: "ruleta.png",
        bytes: await sharp({
          create: { width: 800, height: 400, channels: 3, background: "#0a7" },
        })
          .png()
          .toBuffer(),
        alt: "Ruleta",
      }),
      "ana",
    );
    const es = (await store.published()).get("pages/es")!.data as {
      components: Array<{ component_id: number; data: { content: Record<string, unknown> } }>;
    };
    es.components.find((block) => block.component_id === 2)!.data.content.mobile =
      chosenImage(photo);
    await store.publish([{ document: "pages/es", data: es }], "ana", "");

    const root = mkdtempSync(path.join(tmpdir(), "content-export-"));
    // A copy of public/ (its images), where the export adds the library's.
    const publicRoot = path.join(root, "public");
    cpSync(contentDirectory().publicRoot, publicRoot, {
      recursive: true,
      filter: (file) => !file.includes(`${path.sep}build`),
    });
    const { written, removed, images } = await exportContent(store, path.join(root, "content"), {
      store: media,
      publicRoot,
    });
    expect(images.map((file) => path.relative(publicRoot, file))).toEqual(
      photo.files.map((file) => file.path.slice(1)),
    );
    expect(written.map((file) => path.relative(path.join(root, "content"), file)).sort()).toEqual([
      "pages/403.json",
      "pages/404.json",
      "pages/bonos.json",
      "pages/como-ganamos-dinero.json",
      "pages/es.json",
      "pages/guias.json",
      "pages/home.json",
      "pages/juegos.json",
      "pages/metodologia.json",
      "pages/metodos-de-pago.json",
      "pages/privacy.json",
      "pages/responsible.json",
      "pages/terms.json",
      "pages/vip.json",
      "site.json",
    ]);
    expect(removed.map((file) => path.relative(path.join(root, "content"), file))).toEqual([
      "pages/ruleta.json",
    ]);
    expect(readFileSync(path.join(root, "content/pages/home.json"), "utf8")).toContain(
      '"h1": "Titular publicado en el estudio"',
    );
    // The files are valid content: the check the build runs passes on them.
    const checked = loadContent({ root: path.join(root, "content"), publicRoot }, "problem");
    expect(checked.pageCount).toBe(14);

    const head = await store.head();
    expect(
      await store.importFiles(readFileDocuments(path.join(root, "content")).documents, () => []),
    ).toEqual({
      published: [],
      conflicts: [],
      problems: [],
    });
    expect(await store.head()).toBe(head);
  } finally {
    await database.close();
  }
});
