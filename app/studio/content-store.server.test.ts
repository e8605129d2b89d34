/**
 * The studio's storage on both databases: the content files become the first revisions;
 * drafts refuse the second of two saves made from the same version; a publish is a new
 * revision and ends the draft; a file changed by a developer is published when the studio
 * left the document alone, and kept apart as a conflict when the studio published it too.
 */
import { describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";
import { openLedgerDatabase } from "~/ledger/database.server";

import { ContentStore, documentText, textHash, type FileDocument } from "./content-store.server";

const fileOf = (document: string, data: unknown): FileDocument => ({
  document,
  data,
  hash: textHash(documentText(data)),
});

const accept = () => [];

describe.each([
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "content_store")],
])("ContentStore on %s", (_name, url) => {
  /** The day of the test clock (1970-01-01, a few seconds past midnight UTC) in Madrid. */
  const DAY = "1970-01-01";

  async function withStore(run: (store: ContentStore) => Promise<void>) {
    const database = await openLedgerDatabase(await url());
    let now = 1_000;
    try {
      await run(new ContentStore(database.db, database.dialect, () => (now += 1_000)));
    } finally {
      await database.close();
    }
  }

  it("brings in the content files as the first revisions, once", async () => {
    await withStore(async (store) => {
      const files = [fileOf("site", { brand: "B" }), fileOf("pages/home", { title: "Inicio" })];
      expect(await store.importFiles(files, accept)).toEqual({
        published: ["site", "pages/home"],
        conflicts: [],
        problems: [],
      });
      const published = await store.published();
      expect([...published.keys()].sort()).toEqual(["pages/home", "site"]);
      expect(published.get("pages/home")).toMatchObject({
        data: { title: "Inicio" },
        author: "archivos",
        source: "files",
        message: "Contenido inicial",
      });
      const head = await store.head();
      // The same files again: nothing new.
      await store.importFiles(files, accept);
      expect(await store.head()).toBe(head);
    });
  });

  it("refuses the second of two saves made from the same version", async () => {
    await withStore(async (store) => {
      await store.importFiles([fileOf("pages/home", { title: "Inicio" })], accept);
      const first = await store.saveDraft("pages/home", { title: "Uno" }, 0, "ana", 1);
      expect(first).toEqual({ saved: true, version: 1 });
      const second = await store.saveDraft("pages/home", { title: "Dos" }, 0, "luis", 1);
      expect(second.saved).toBe(false);
      expect(second.saved ? null : second.current).toMatchObject({
        data: { title: "Uno" },
        author: "ana",
        version: 1,
      });
      // Made from the version it read: saved.
      expect(await store.saveDraft("pages/home", { title: "Dos" }, 1, "luis", 1)).toEqual({
        saved: true,
        version: 2,
      });
      expect((await store.draft("pages/home"))?.data).toEqual({ title: "Dos" });
    });
  });

  it("publishes a revision, ends the draft, and restores an old one as a new revision", async () => {
    await withStore(async (store) => {
      await store.importFiles([fileOf("pages/home", { title: "Inicio" })], accept);
      await store.saveDraft("pages/home", { title: "Nuevo" }, 0, "ana", 1);
      const [id] = await store.publish(
        [{ document: "pages/home", data: { title: "Nuevo" } }],
        "ana",
        "Diciembre",
      );
      expect(await store.draft("pages/home")).toBeNull();
      // Its text changed: the publish dates it, in Madrid's day of the store's clock.
      expect((await store.published()).get("pages/home")).toMatchObject({
        id,
        data: { title: "Nuevo", updated: DAY },
        author: "ana",
        message: "Diciembre",
        source: "studio",
      });
      const first = (await store.history("pages/home")).at(-1)!;
      await store.publish(
        [{ document: "pages/home", data: first.data }],
        "ana",
        "vuelta",
        "restore",
      );
      const history = await store.history("pages/home");
      expect(history.map((revision) => revision.source)).toEqual(["restore", "studio", "files"]);
      expect((await store.published()).get("pages/home")?.data).toEqual({
        title: "Inicio",
        updated: DAY,
      });
      // A draft saved from a version that was published since starts again from the published.
      const stale = await store.saveDraft("pages/home", { title: "Tarde" }, 3, "luis", 1);
      expect(stale.saved).toBe(false);
    });
  });

  it("publishes a developer's change of a file the studio left alone", async () => {
    await withStore(async (store) => {
      await store.importFiles([fileOf("pages/home", { title: "Inicio" })], accept);
      const changed = await store.importFiles([fileOf("pages/home", { title: "De git" })], accept);
      expect(changed.published).toEqual(["pages/home"]);
      expect((await store.published()).get("pages/home")).toMatchObject({
        data: { title: "De git" },
        message: "Cambio de los archivos",
      });
    });
  });

  it("keeps a file changed while the studio published the same page apart, as a conflict", async () => {
    await withStore(async (store) => {
      await store.importFiles([fileOf("pages/home", { title: "Inicio" })], accept);
      await store.publish([{ document: "pages/home", data: { title: "Del estudio" } }], "ana", "");
      const changed = await store.importFiles([fileOf("pages/home", { title: "De git" })], accept);
      expect(changed).toMatchObject({ published: [], conflicts: ["pages/home"] });
      // The studio's version keeps serving; the file's is in the history.
      expect((await store.published()).get("pages/home")?.data).toEqual({
        title: "Del estudio",
        updated: DAY,
      });
      expect((await store.newest()).get("pages/home")).toMatchObject({
        source: "conflict",
        data: { title: "De git" },
      });
      // The same file again is not a second conflict.
      const head = await store.head();
      await store.importFiles([fileOf("pages/home", { title: "De git" })], accept);
      expect(await store.head()).toBe(head);
    });
  });

  it("knows exported files as unchanged, whatever the studio publishes after", async () => {
    await withStore(async (store) => {
      await store.importFiles([fileOf("pages/home", { title: "Inicio" })], accept);
      const [id] = await store.publish(
        [{ document: "pages/home", data: { title: "Del estudio" } }],
        "ana",
        "",
      );
      const exported = fileOf("pages/home", (await store.published()).get("pages/home")!.data);
      await store.sawFiles([{ ...exported, revision: id! }]);
      await store.publish([{ document: "pages/home", data: { title: "Otra vez" } }], "ana", "");
      const head = await store.head();
      expect(await store.importFiles([exported], accept)).toEqual({
        published: [],
        conflicts: [],
        problems: [],
      });
      expect(await store.head()).toBe(head);
      expect((await store.published()).get("pages/home")?.data).toEqual({
        title: "Otra vez",
        updated: DAY,
      });
    });
  });

  it("hands a due scheduled publish, with its draft, to exactly one of two instances", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      let now = 1_000;
      const clock = () => now;
      const first = new ContentStore(database.db, database.dialect, clock);
      const second = new ContentStore(database.db, database.dialect, clock);
      await first.importFiles([fileOf("pages/home", { title: "Inicio" })], accept);
      await first.saveDraft("pages/home", { title: "Viernes" }, 0, "ana", 1);
      await first.schedule("pages/home", 5_000, "ana", "Oferta del viernes");
      expect((await second.schedules()).get("pages/home")).toEqual({
        at: 5_000,
        author: "ana",
        message: "Oferta del viernes",
      });
      expect(await first.takeDue()).toEqual([]);
      now = 5_000;
      const [a, b] = await Promise.all([first.takeDue(), second.takeDue()]);
      expect([...a!, ...b!]).toEqual([
        {
          document: "pages/home",
          author: "ana",
          message: "Oferta del viernes",
          data: { title: "Viernes" },
        },
      ]);
      expect((await first.schedules()).size).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("keeps changes that leave the content invalid apart, and publishes none of them", async () => {
    await withStore(async (store) => {
      await store.importFiles(
        [fileOf("site", { brand: "B" }), fileOf("pages/home", { title: "Inicio" })],
        accept,
      );
      const changed = await store.importFiles(
        [fileOf("site", { brand: "C" }), fileOf("pages/home", { title: "" })],
        () => ["content/pages/home.json: title: vacío"],
      );
      expect(changed).toMatchObject({
        published: [],
        conflicts: ["site", "pages/home"],
        problems: ["content/pages/home.json: title: vacío"],
      });
      expect((await store.published()).get("site")?.data).toEqual({ brand: "B" });
    });
  });
});
