/**
 * Where the site's content lives once the studio is on (decision 022): documents (the site
 * settings, "site", and each page, "pages/<name>") as revisions and drafts in the ledger's
 * database (migration 014). The newest revision of each document that is not a conflict is
 * what every instance serves; a draft is what the marketer is writing and no visitor sees.
 *
 * The content files stay a way in: every start imports the files a developer changed
 * (importFiles), as revisions of their own, and a file that changed while the studio also
 * published the same document is kept apart as a conflict for the studio to show.
 */
import { createHash } from "node:crypto";

import { dayIn, stampUpdated } from "~/content/stamp-updated";

import { sql, type Kysely, type Selectable } from "kysely";

import type { ContentDraftsTable, ContentRevisionsTable, Database, Dialect } from "~/ledger/schema";

export type Revision = Omit<Selectable<ContentRevisionsTable>, "data"> & { data: unknown };
export type Draft = Omit<Selectable<ContentDraftsTable>, "data"> & { data: unknown };

/** The author of what the content files brought. */
export const FILES_AUTHOR = "archivos";

/** A document's JSON as stored: two spaces, as the content files are written. */
export const documentText = (data: unknown): string => `${JSON.stringify(data, null, 2)}\n`;

/** The hash of a file's text (or of a document as `content:export` writes it). */
export const textHash = (text: string): string =>
  createHash("sha256").update(text, "utf8").digest("hex");

/** The same content, whatever the spacing of the text it was read from. */
const sameData = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function revisionOf(row: Selectable<ContentRevisionsTable>): Revision {
  return {
    ...row,
    id: Number(row.id),
    at: Number(row.at),
    data: row.data === null ? null : (JSON.parse(row.data) as unknown),
  };
}

function draftOf(row: Selectable<ContentDraftsTable>): Draft {
  return {
    ...row,
    at: Number(row.at),
    version: Number(row.version),
    base_revision: row.base_revision === null ? null : Number(row.base_revision),
    data: JSON.parse(row.data) as unknown,
  };
}

/** One document as read from the content files. */
export type FileDocument = { document: string; data: unknown; hash: string };

export type SaveResult =
  | { saved: true; version: number }
  /** Someone saved the document since the version this save was made from. */
  | { saved: false; current: Draft };

/** Every path a page document was published at (ContentStore.pastPaths). */
export type PastPaths = Array<{ path: string; document: string }>;

/** A page revision's path (its slug), kept beside it (migration 018). */
function pathIn(document: string, data: unknown): string | null {
  if (!document.startsWith("pages/") || data === null || typeof data !== "object") return null;
  const slug = (data as { slug?: unknown }).slug;
  return typeof slug === "string" && slug.length <= 200 ? slug : null;
}

export class ContentStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
    /** The time zone of the day a publish dates what it changed (stamp-updated.ts). */
    private readonly timeZone = "Europe/Madrid",
  ) {}

  /**
   * Every path a page was ever published at, with its document (conflicts, never served,
   * are left out): a path the page has left answers 301 to where it is now.
   */
  async pastPaths(): Promise<PastPaths> {
    const rows = await this.db
      .selectFrom("content_revisions")
      .select(["path", "document"])
      .distinct()
      .where("path", "is not", null)
      .where("source", "!=", "conflict")
      .execute();
    return rows.map((row) => ({ path: row.path!, document: row.document }));
  }

  /** The newest revision's id (0 with none): it changes with every publish, on any instance. */
  head(): Promise<number> {
    return this.headOf(this.db);
  }

  /** What the site serves: the newest revision of each document that is not a conflict. */
  published(): Promise<Map<string, Revision>> {
    return this.newestPerDocument(false);
  }

  /** What the site serves, each document's data by its name (what the checks read). */
  async publishedData(): Promise<Map<string, unknown>> {
    const published = await this.published();
    return new Map([...published].map(([document, { data }]) => [document, data]));
  }

  /** The newest revision of every document, conflicts included (the studio's list). */
  newest(): Promise<Map<string, Revision>> {
    return this.newestPerDocument(true);
  }

  /** Each document's newest revision, by document name, with or without conflicts. */
  private async newestPerDocument(conflicts: boolean): Promise<Map<string, Revision>> {
    const rows = await this.db
      .selectFrom("content_revisions")
      .selectAll()
      .where("id", "in", (eb) => {
        const newest = eb
          .selectFrom("content_revisions")
          .select((inner) => inner.fn.max("id").as("id"));
        return (conflicts ? newest : newest.where("source", "!=", "conflict")).groupBy("document");
      })
      .orderBy("document")
      .execute();
    return new Map(rows.map((row) => [row.document, revisionOf(row)]));
  }

  /** Every revision of a document, newest first. */
  async history(document: string): Promise<Revision[]> {
    const rows = await this.db
      .selectFrom("content_revisions")
      .selectAll()
      .where("document", "=", document)
      .orderBy("id", "desc")
      .execute();
    return rows.map(revisionOf);
  }

  async revision(id: number): Promise<Revision | null> {
    const row = await this.db
      .selectFrom("content_revisions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? revisionOf(row) : null;
  }

  async drafts(): Promise<Map<string, Draft>> {
    const rows = await this.db.selectFrom("content_drafts").selectAll().execute();
    return new Map(rows.map((row) => [row.document, draftOf(row)]));
  }

  async draft(document: string): Promise<Draft | null> {
    const row = await this.db
      .selectFrom("content_drafts")
      .selectAll()
      .where("document", "=", document)
      .executeTakeFirst();
    return row ? draftOf(row) : null;
  }

  /**
   * Saves a draft made from `fromVersion` (0: from the published document). Refused when
   * the stored draft has moved on since: the caller shows both versions.
   */
  async saveDraft(
    document: string,
    data: unknown,
    fromVersion: number,
    author: string,
    baseRevision: number | null,
  ): Promise<SaveResult> {
    const text = JSON.stringify(data);
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, document);
      const current = await trx
        .selectFrom("content_drafts")
        .selectAll()
        .where("document", "=", document)
        .executeTakeFirst();
      const stored = current ? Number(current.version) : 0;
      if (stored !== fromVersion && current) return { saved: false, current: draftOf(current) };
      if (!current && fromVersion !== 0) {
        // The draft was published or discarded since: start again from the published one.
        const published = await this.newestOf(trx, document);
        return {
          saved: false,
          current: {
            document,
            data: published?.data ?? null,
            version: 0,
            base_revision: published?.id ?? null,
            at: published?.at ?? at,
            author: published?.author ?? "",
          },
        };
      }
      const version = stored + 1;
      if (current) {
        await trx
          .updateTable("content_drafts")
          .set({ data: text, version, at, author })
          .where("document", "=", document)
          .execute();
      } else {
        await trx
          .insertInto("content_drafts")
          .values({ document, data: text, version, base_revision: baseRevision, at, author })
          .execute();
      }
      return { saved: true, version };
    });
  }

  async discardDraft(document: string): Promise<void> {
    await this.db.deleteFrom("content_drafts").where("document", "=", document).execute();
  }

  /**
   * Publishes documents in one transaction (the caller checked the whole content with them):
   * a revision each, dated where they changed (stamp-updated.ts), and their drafts end.
   * Returns the new revisions' ids.
   */
  async publish(
    documents: ReadonlyArray<{ document: string; data: unknown }>,
    author: string,
    message: string,
    source: "studio" | "restore" = "studio",
  ): Promise<number[]> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const { document, data: posted } of documents) {
        await this.lock(trx, document);
        const previous = await this.newestOf(trx, document);
        const data = stampUpdated(
          document,
          previous?.data ?? null,
          posted,
          dayIn(at, this.timeZone),
        );
        const row = await trx
          .insertInto("content_revisions")
          .values({
            document,
            data: data === null ? null : documentText(data),
            at,
            author,
            message: message.slice(0, 500),
            source,
            path: pathIn(document, data),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
        await trx.deleteFrom("content_drafts").where("document", "=", document).execute();
      }
      return ids;
    });
  }

  /**
   * Brings in what the content files hold. A file is new (no revision: the shipped content
   * becomes the first revisions on a fresh start), unchanged since it was last seen (its
   * hash: nothing to do), or changed by a developer. A change is published when the studio
   * has not published the document since the file was last seen, or already serves the
   * same content; else it is kept as a conflict, which the studio shows.
   * `accept` is asked whether the changes leave the whole content valid; when it answers
   * with problems, every change is kept apart as a conflict and nothing is published.
   */
  async importFiles(
    files: readonly FileDocument[],
    accept: (changes: ReadonlyMap<string, unknown>) => string[],
  ): Promise<{ published: string[]; conflicts: string[]; problems: string[] }> {
    const at = this.now();
    return this.db.transaction().execute(async (trx) => {
      await this.lock(trx, "content files");
      const names = files.length ? files.map((file) => file.document) : [""];
      const seen = new Map(
        (
          await trx.selectFrom("content_files").selectAll().where("document", "in", names).execute()
        ).map((row) => [row.document, { hash: row.hash, revision: Number(row.revision) }]),
      );
      const newest = new Map<string, Revision>();
      const rows = await trx
        .selectFrom("content_revisions")
        .selectAll()
        .where("document", "in", names)
        .where("source", "!=", "conflict")
        .orderBy("id", "asc")
        .execute();
      for (const row of rows) newest.set(row.document, revisionOf(row));
      const empty = (await this.headOf(trx)) === 0;
      const fresh: FileDocument[] = [];
      const clashing: FileDocument[] = [];
      const same: FileDocument[] = [];
      for (const file of files) {
        const last = seen.get(file.document);
        if (last?.hash === file.hash) continue;
        const current = newest.get(file.document);
        if (current && sameData(current.data, file.data)) same.push(file);
        else if (current && (!last || current.id > last.revision)) clashing.push(file);
        else fresh.push(file);
      }
      const problems = fresh.length
        ? accept(new Map(fresh.map((file) => [file.document, file.data])))
        : [];
      const insert = async (
        file: FileDocument,
        source: "files" | "conflict",
        message: string,
      ): Promise<number> => {
        const row = await trx
          .insertInto("content_revisions")
          .values({
            document: file.document,
            data: documentText(file.data),
            at,
            author: FILES_AUTHOR,
            message,
            source,
            path: pathIn(file.document, file.data),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return Number(row.id);
      };
      const published: string[] = [];
      const conflicts: string[] = [];
      for (const file of fresh) {
        const current = newest.get(file.document);
        if (problems.length) {
          await insert(
            file,
            "conflict",
            "Cambio de los archivos no publicado: contenido no válido",
          );
          await this.sawFile(trx, file, current?.id ?? 0);
          conflicts.push(file.document);
          continue;
        }
        const message = empty
          ? "Contenido inicial"
          : current
            ? "Cambio de los archivos"
            : "Nuevo en los archivos";
        await this.sawFile(trx, file, await insert(file, "files", message));
        published.push(file.document);
      }
      for (const file of clashing) {
        await insert(file, "conflict", "Los archivos cambiaron y el estudio también: conflicto");
        await this.sawFile(trx, file, newest.get(file.document)!.id);
        conflicts.push(file.document);
      }
      for (const file of same) await this.sawFile(trx, file, newest.get(file.document)!.id);
      return { published, conflicts, problems };
    });
  }

  /**
   * Records files as the content they hold (`npm run content:export` wrote them from these
   * revisions): a start then knows them unchanged.
   */
  async sawFiles(files: ReadonlyArray<FileDocument & { revision: number }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const file of files) await this.sawFile(trx, file, file.revision);
    });
  }

  private async sawFile(trx: Kysely<Database>, file: FileDocument, revision: number) {
    await trx
      .insertInto("content_files")
      .values({ document: file.document, hash: file.hash, revision })
      .onConflict((conflict) =>
        conflict.column("document").doUpdateSet({ hash: file.hash, revision }),
      )
      .execute();
  }

  /** Sets (or moves) the publish of a document's draft at a time. */
  async schedule(document: string, at: number, author: string, message: string): Promise<void> {
    await this.db
      .insertInto("content_schedule")
      .values({ document, publish_at: at, author, message: message.slice(0, 500) })
      .onConflict((conflict) =>
        conflict
          .column("document")
          .doUpdateSet({ publish_at: at, author, message: message.slice(0, 500) }),
      )
      .execute();
  }

  async unschedule(document: string): Promise<void> {
    await this.db.deleteFrom("content_schedule").where("document", "=", document).execute();
  }

  /** Every scheduled publish, by document. */
  async schedules(): Promise<Map<string, { at: number; author: string; message: string }>> {
    const rows = await this.db.selectFrom("content_schedule").selectAll().execute();
    return new Map(
      rows.map((row) => [
        row.document,
        { at: Number(row.publish_at), author: row.author, message: row.message },
      ]),
    );
  }

  /**
   * Takes the scheduled publishes that are due: each row is deleted by the one caller that
   * gets it (instances asking at once share none), and returned with its draft.
   */
  async takeDue(): Promise<
    Array<{ document: string; author: string; message: string; data: unknown }>
  > {
    const due = await this.db
      .selectFrom("content_schedule")
      .selectAll()
      .where("publish_at", "<=", this.now())
      .execute();
    const taken = [];
    for (const row of due) {
      const deleted = await this.db
        .deleteFrom("content_schedule")
        .where("document", "=", row.document)
        .where("publish_at", "=", row.publish_at)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) continue;
      const draft = await this.draft(row.document);
      if (draft)
        taken.push({
          document: row.document,
          author: row.author,
          message: row.message,
          data: draft.data,
        });
    }
    return taken;
  }

  private async newestOf(trx: Kysely<Database>, document: string): Promise<Revision | null> {
    const row = await trx
      .selectFrom("content_revisions")
      .selectAll()
      .where("document", "=", document)
      .where("source", "!=", "conflict")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? revisionOf(row) : null;
  }

  private async headOf(trx: Kysely<Database>): Promise<number> {
    const row = await trx
      .selectFrom("content_revisions")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /**
   * Serialises writers of one document across instances: PostgreSQL's transaction-scoped
   * advisory lock on a hash of its name. SQLite has one writer at a time already.
   */
  private async lock(trx: Kysely<Database>, document: string): Promise<void> {
    if (this.dialect !== "postgres") return;
    await sql`select pg_advisory_xact_lock(hashtext(${`content:${document}`}))`.execute(trx);
  }
}
